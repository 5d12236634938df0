package gl

import (
	"fmt"
	"image"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
)

// MaxSize is the largest image side a Target accepts.
const MaxSize = 16384

// Target is an offscreen framebuffer: multisampled colour and depth
// renderbuffers, resolved into a single-sampled one for reading back.
type Target struct {
	W, H, Samples  int
	msFBO, fbo     uint32
	msColor, depth uint32
	color          uint32
}

// DefaultSamples is the multisampling of NewTarget.
const DefaultSamples = 4

// NewTarget makes a w×h offscreen target with DefaultSamples samples a
// pixel (fewer if the driver has fewer).
func NewTarget(w, h int) (*Target, error) { return NewTargetSamples(w, h, DefaultSamples) }

// NewTargetSamples makes a w×h offscreen target with up to the given
// number of samples a pixel (1 = no multisampling).
func NewTargetSamples(w, h, samples int) (*Target, error) {
	if w <= 0 || h <= 0 || w > MaxSize || h > MaxSize {
		return nil, fmt.Errorf("image size %d×%d: each side must be 1..%d", w, h, MaxSize)
	}
	var maxRB, maxSamples int32
	ogl.GetIntegerv(ogl.MAX_RENDERBUFFER_SIZE, &maxRB)
	if int32(w) > maxRB || int32(h) > maxRB {
		return nil, fmt.Errorf("image size %d×%d: larger than the GL limit %d", w, h, maxRB)
	}
	ogl.GetIntegerv(ogl.MAX_SAMPLES, &maxSamples)
	t := &Target{W: w, H: h, Samples: max(1, min(samples, int(maxSamples)))}
	ogl.GenFramebuffers(1, &t.msFBO)
	ogl.GenFramebuffers(1, &t.fbo)
	ogl.GenRenderbuffers(1, &t.msColor)
	ogl.GenRenderbuffers(1, &t.depth)
	ogl.GenRenderbuffers(1, &t.color)

	// One sample a pixel is plain storage: a one-sample multisampled buffer
	// rasterises lines and edges by the multisample rules, a pixel off from
	// a window's.
	storage := func(format uint32) {
		if t.Samples == 1 {
			ogl.RenderbufferStorage(ogl.RENDERBUFFER, format, int32(w), int32(h))
		} else {
			ogl.RenderbufferStorageMultisample(ogl.RENDERBUFFER, int32(t.Samples), format, int32(w), int32(h))
		}
	}
	ogl.BindRenderbuffer(ogl.RENDERBUFFER, t.msColor)
	storage(ogl.RGBA8)
	ogl.BindRenderbuffer(ogl.RENDERBUFFER, t.depth)
	storage(ogl.DEPTH_COMPONENT24)
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, t.msFBO)
	ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.COLOR_ATTACHMENT0, ogl.RENDERBUFFER, t.msColor)
	ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.DEPTH_ATTACHMENT, ogl.RENDERBUFFER, t.depth)
	if st := ogl.CheckFramebufferStatus(ogl.FRAMEBUFFER); st != ogl.FRAMEBUFFER_COMPLETE {
		t.Release()
		return nil, fmt.Errorf("multisampled framebuffer %d×%d incomplete (0x%x)", w, h, st)
	}
	ogl.BindRenderbuffer(ogl.RENDERBUFFER, t.color)
	ogl.RenderbufferStorage(ogl.RENDERBUFFER, ogl.RGBA8, int32(w), int32(h))
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, t.fbo)
	ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.COLOR_ATTACHMENT0, ogl.RENDERBUFFER, t.color)
	if st := ogl.CheckFramebufferStatus(ogl.FRAMEBUFFER); st != ogl.FRAMEBUFFER_COMPLETE {
		t.Release()
		return nil, fmt.Errorf("resolve framebuffer %d×%d incomplete (0x%x)", w, h, st)
	}
	if e := ogl.GetError(); e != ogl.NO_ERROR {
		t.Release()
		return nil, fmt.Errorf("GL error 0x%x making a %d×%d framebuffer (out of memory?)", e, w, h)
	}
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	return t, nil
}

// Bind makes the multisampled framebuffer the draw target.
func (t *Target) Bind() { ogl.BindFramebuffer(ogl.FRAMEBUFFER, t.msFBO) }

// BlitTo resolves the rectangle (x, y, w, h) of the multisampled picture
// into the same rectangle of the window's framebuffer (the GUI draws its
// panels over the rest).
func (t *Target) BlitTo(x, y, w, h int) {
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, t.msFBO)
	ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, 0)
	ogl.BlitFramebuffer(int32(x), int32(y), int32(x+w), int32(y+h), int32(x), int32(y), int32(x+w), int32(y+h), ogl.COLOR_BUFFER_BIT, ogl.NEAREST)
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
}

// CopyTo copies the colour and depth of the rectangle (x, y, w, h) into
// the same rectangle of another target of the same size and samples.
func (t *Target) CopyTo(dst *Target, x, y, w, h int) {
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, t.msFBO)
	ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, dst.msFBO)
	ogl.BlitFramebuffer(int32(x), int32(y), int32(x+w), int32(y+h), int32(x), int32(y), int32(x+w), int32(y+h),
		ogl.COLOR_BUFFER_BIT|ogl.DEPTH_BUFFER_BIT, ogl.NEAREST)
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
}

// Read resolves the samples and returns the picture, top row first.
func (t *Target) Read() *image.RGBA {
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, t.msFBO)
	ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, t.fbo)
	ogl.BlitFramebuffer(0, 0, int32(t.W), int32(t.H), 0, 0, int32(t.W), int32(t.H), ogl.COLOR_BUFFER_BIT, ogl.NEAREST)
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, t.fbo)
	img := image.NewRGBA(image.Rect(0, 0, t.W, t.H))
	ogl.PixelStorei(ogl.PACK_ALIGNMENT, 1)
	ogl.ReadPixels(0, 0, int32(t.W), int32(t.H), ogl.RGBA, ogl.UNSIGNED_BYTE, ogl.Ptr(img.Pix))
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	flipRows(img)
	return img
}

// flipRows turns GL's bottom-up rows into an image's top-down ones.
func flipRows(img *image.RGBA) {
	stride := img.Stride
	tmp := make([]byte, stride)
	for y := 0; y < img.Rect.Dy()/2; y++ {
		a := img.Pix[y*stride : (y+1)*stride]
		b := img.Pix[(img.Rect.Dy()-1-y)*stride : (img.Rect.Dy()-y)*stride]
		copy(tmp, a)
		copy(a, b)
		copy(b, tmp)
	}
}

// Release frees the framebuffers and renderbuffers.
func (t *Target) Release() {
	if t == nil || t.msFBO == 0 {
		return
	}
	fbos := []uint32{t.msFBO, t.fbo}
	ogl.DeleteFramebuffers(2, &fbos[0])
	rbs := []uint32{t.msColor, t.depth, t.color}
	ogl.DeleteRenderbuffers(3, &rbs[0])
	t.msFBO = 0
}
