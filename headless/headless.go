package headless

import (
	"image"
	"io"

	"github.com/fabviz/fabviz/internal/pngfile"
	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

// Session is the core with a renderer: its view.Env takes snapshots. The
// GL context is made on the first snapshot, on the calling goroutine's
// thread; every later call must come from the same goroutine. Release
// frees it.
type Session struct {
	*session.Session
	ctx *gl.Headless
	r   *gl.Renderer
}

// New returns a session with no model loaded; warn receives problems that
// do not stop a snapshot (nil: discarded).
func New(warn io.Writer) *Session { return &Session{Session: session.New(warn)} }

// Release frees the GL renderer and context.
func (s *Session) Release() {
	if s.ctx != nil {
		s.ctx.MakeCurrent() // free our objects, not another context's
	}
	if s.r != nil {
		s.r.Release()
		s.r = nil
	}
	if s.ctx != nil {
		s.ctx.Release()
		s.ctx = nil
	}
}

// Snapshot renders the state and writes it as a PNG.
func (s *Session) Snapshot(path string, st *view.State) error {
	img, err := s.Render(st)
	if err != nil {
		return err
	}
	return pngfile.Write(path, img)
}

// Render draws a state into a picture with caption and legend.
// When only the step differs from the previous picture (movie frames), the
// scene and its GL buffers are kept and only the colours are rewritten.
func (s *Session) Render(st *view.State) (*image.RGBA, error) {
	if err := s.initGL(); err != nil {
		return nil, err
	}
	sc, recoloured, err := s.Frame(st)
	if err != nil {
		return nil, err
	}
	if recoloured {
		s.r.UpdateColors(sc)
	} else {
		s.r.Upload(sc)
	}
	pl, ph, err := s.PlotStrip(st)
	if err != nil {
		return nil, err
	}
	img, err := gl.Picture(s.r, sc, st.Camera, st.Width, st.Height-ph, s.Style().Background, s.Caption(st), s.PictureLegend(st))
	if err != nil || pl == nil {
		return img, err
	}
	return overlay.StackPlot(img, pl, ph, s.PlotStyle()), nil
}

func (s *Session) initGL() error {
	if s.r != nil {
		return s.ctx.MakeCurrent()
	}
	ctx, err := gl.NewHeadless()
	if err != nil {
		return err
	}
	r, err := gl.NewRenderer()
	if err != nil {
		ctx.Release()
		return err
	}
	s.ctx, s.r = ctx, r
	return nil
}

// ExportPlot writes the state's time-series plot alone as a PNG of the
// state's size.
func (s *Session) ExportPlot(path string, st *view.State) error {
	pl, err := s.NeedPlot(st)
	if err != nil {
		return err
	}
	return pngfile.Write(path, overlay.PlotImage(pl, st.Width, st.Height, s.PlotStyle()))
}
