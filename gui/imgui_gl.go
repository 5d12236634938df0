package gui

import (
	"fmt"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/render/gl"
)

// uiRenderer draws imgui's draw lists with OpenGL 3+ core: one textured,
// vertex-coloured shader, a stream vertex and index buffer, and the font
// atlas as a texture. It is drawn after the 3-D pass, over it.
type uiRenderer struct {
	prog               uint32
	uTex, uProj        int32
	vao, vbo, ibo      uint32
	font               uint32
	vtxSize, idxSize   int
	posOff, uvOff, col int
}

const uiVert = `#version 410 core
uniform mat4 uProj;
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUV;
layout(location = 2) in vec4 aCol;
out vec2 vUV;
out vec4 vCol;
void main() {
	vUV = aUV;
	vCol = aCol;
	gl_Position = uProj * vec4(aPos, 0.0, 1.0);
}
`

const uiFrag = `#version 410 core
uniform sampler2D uTex;
in vec2 vUV;
in vec4 vCol;
out vec4 outCol;
void main() { outCol = vCol * texture(uTex, vUV); }
`

// newUIRenderer compiles the shader and uploads the font atlas of io.
func newUIRenderer(io imgui.IO) (*uiRenderer, error) {
	prog, err := gl.LinkProgram("imgui", uiVert, uiFrag)
	if err != nil {
		return nil, err
	}
	r := &uiRenderer{prog: prog}
	r.uTex = ogl.GetUniformLocation(r.prog, ogl.Str("uTex\x00"))
	r.uProj = ogl.GetUniformLocation(r.prog, ogl.Str("uProj\x00"))
	r.vtxSize, r.posOff, r.uvOff, r.col = imgui.VertexBufferLayout()
	r.idxSize = imgui.IndexBufferLayout()

	ogl.GenVertexArrays(1, &r.vao)
	ogl.GenBuffers(1, &r.vbo)
	ogl.GenBuffers(1, &r.ibo)
	ogl.BindVertexArray(r.vao)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, r.vbo)
	ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, r.ibo)
	stride := int32(r.vtxSize)
	ogl.EnableVertexAttribArray(0)
	ogl.VertexAttribPointerWithOffset(0, 2, ogl.FLOAT, false, stride, uintptr(r.posOff))
	ogl.EnableVertexAttribArray(1)
	ogl.VertexAttribPointerWithOffset(1, 2, ogl.FLOAT, false, stride, uintptr(r.uvOff))
	ogl.EnableVertexAttribArray(2)
	ogl.VertexAttribPointerWithOffset(2, 4, ogl.UNSIGNED_BYTE, true, stride, uintptr(r.col))
	ogl.BindVertexArray(0)

	img := io.Fonts().TextureDataRGBA32()
	ogl.GenTextures(1, &r.font)
	ogl.BindTexture(ogl.TEXTURE_2D, r.font)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MIN_FILTER, ogl.LINEAR)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MAG_FILTER, ogl.LINEAR)
	ogl.PixelStorei(ogl.UNPACK_ROW_LENGTH, 0)
	ogl.TexImage2D(ogl.TEXTURE_2D, 0, ogl.RGBA, int32(img.Width), int32(img.Height), 0, ogl.RGBA, ogl.UNSIGNED_BYTE, img.Pixels)
	io.Fonts().SetTextureID(imgui.TextureID(r.font))
	if e := ogl.GetError(); e != ogl.NO_ERROR {
		r.release()
		return nil, fmt.Errorf("GL error 0x%x setting up the imgui renderer", e)
	}
	return r, nil
}

// draw renders one frame's draw data. win is the window size in screen
// units, fb the framebuffer size in pixels (they differ on HiDPI screens).
func (r *uiRenderer) draw(win, fb [2]float32, dd imgui.DrawData) {
	if fb[0] <= 0 || fb[1] <= 0 || !dd.Valid() {
		return
	}
	sx, sy := fb[0]/win[0], fb[1]/win[1]
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	ogl.Enable(ogl.BLEND)
	ogl.BlendEquation(ogl.FUNC_ADD)
	ogl.BlendFuncSeparate(ogl.SRC_ALPHA, ogl.ONE_MINUS_SRC_ALPHA, ogl.ONE, ogl.ONE_MINUS_SRC_ALPHA)
	ogl.Disable(ogl.CULL_FACE)
	ogl.Disable(ogl.DEPTH_TEST)
	ogl.Enable(ogl.SCISSOR_TEST)
	ogl.Viewport(0, 0, int32(fb[0]), int32(fb[1]))
	pos, size := dd.DisplayPos(), dd.DisplaySize()
	l, rt, t, b := pos.X, pos.X+size.X, pos.Y, pos.Y+size.Y
	proj := [16]float32{
		2 / (rt - l), 0, 0, 0,
		0, 2 / (t - b), 0, 0,
		0, 0, -1, 0,
		(rt + l) / (l - rt), (t + b) / (b - t), 0, 1,
	}
	ogl.UseProgram(r.prog)
	ogl.Uniform1i(r.uTex, 0)
	ogl.UniformMatrix4fv(r.uProj, 1, false, &proj[0])
	ogl.ActiveTexture(ogl.TEXTURE0)
	ogl.BindVertexArray(r.vao)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, r.vbo)
	ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, r.ibo)
	idxType := uint32(ogl.UNSIGNED_SHORT)
	if r.idxSize == 4 {
		idxType = ogl.UNSIGNED_INT
	}
	for _, list := range dd.CommandLists() {
		vb, vn := list.VertexBuffer()
		ib, in := list.IndexBuffer()
		ogl.BufferData(ogl.ARRAY_BUFFER, vn, vb, ogl.STREAM_DRAW)
		ogl.BufferData(ogl.ELEMENT_ARRAY_BUFFER, in, ib, ogl.STREAM_DRAW)
		for _, cmd := range list.Commands() {
			if cmd.HasUserCallback() {
				cmd.CallUserCallback(list)
				continue
			}
			c := cmd.ClipRect()
			x0, y0 := (c.X-pos.X)*sx, (c.Y-pos.Y)*sy
			x1, y1 := (c.Z-pos.X)*sx, (c.W-pos.Y)*sy
			if x1 <= x0 || y1 <= y0 {
				continue
			}
			ogl.Scissor(int32(x0), int32(fb[1]-y1), int32(x1-x0), int32(y1-y0))
			ogl.BindTexture(ogl.TEXTURE_2D, uint32(cmd.TextureID()))
			ogl.DrawElementsBaseVertexWithOffset(ogl.TRIANGLES, int32(cmd.ElementCount()), idxType,
				uintptr(cmd.IndexOffset()*r.idxSize), int32(cmd.VertexOffset()))
		}
	}
	ogl.BindVertexArray(0)
	ogl.Disable(ogl.SCISSOR_TEST)
	ogl.Disable(ogl.BLEND)
}

func (r *uiRenderer) release() {
	if r == nil || r.prog == 0 {
		return
	}
	ogl.DeleteTextures(1, &r.font)
	bufs := []uint32{r.vbo, r.ibo}
	ogl.DeleteBuffers(2, &bufs[0])
	ogl.DeleteVertexArrays(1, &r.vao)
	ogl.DeleteProgram(r.prog)
	r.prog = 0
}
