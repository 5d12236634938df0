package gl

import (
	_ "embed"
	"fmt"
	"strings"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
)

var (
	//go:embed shaders/instanced.vert
	instancedVert string
	//go:embed shaders/instanced.frag
	instancedFragBody string
	//go:embed shaders/sphere.vert
	sphereVert string
	//go:embed shaders/sphere.frag
	sphereFragBody string
	//go:embed shaders/light.glsl
	lightGLSL string
	//go:embed shaders/line.vert
	lineVert string
	//go:embed shaders/line.frag
	lineFrag string
	//go:embed shaders/point.vert
	pointVert string
	//go:embed shaders/point.frag
	pointFragBody string

	instancedFrag = fragment("", instancedFragBody)
	pointFrag     = fragment("", pointFragBody)
	// The sphere's depth is never nearer than its quad's: telling the
	// driver so (where it knows the extension) keeps early depth tests.
	sphereFrag = fragment("#extension GL_ARB_conservative_depth : enable\n"+
		"#ifdef GL_ARB_conservative_depth\nlayout(depth_greater) out float gl_FragDepth;\n#endif\n", sphereFragBody)
)

// fragment puts the version line, a shader's own header and the shared
// lighting function before a fragment shader's body.
func fragment(header, body string) string {
	return "#version 410 core\n" + header + lightGLSL + "\n" + body
}

// compile compiles one shader stage; a failure carries the driver's log.
func compile(kind uint32, name, src string) (uint32, error) {
	sh := ogl.CreateShader(kind)
	cs, free := ogl.Strs(src + "\x00")
	ogl.ShaderSource(sh, 1, cs, nil)
	free()
	ogl.CompileShader(sh)
	var ok int32
	ogl.GetShaderiv(sh, ogl.COMPILE_STATUS, &ok)
	if ok == ogl.FALSE {
		log := shaderLog(sh, false)
		ogl.DeleteShader(sh)
		return 0, fmt.Errorf("shader %s: compile failed: %s", name, log)
	}
	return sh, nil
}

// LinkProgram compiles and links a program from vertex and fragment
// sources; a failure carries the driver's log.
func LinkProgram(name, vert, frag string) (uint32, error) {
	vs, err := compile(ogl.VERTEX_SHADER, name+".vert", vert)
	if err != nil {
		return 0, err
	}
	defer ogl.DeleteShader(vs)
	fs, err := compile(ogl.FRAGMENT_SHADER, name+".frag", frag)
	if err != nil {
		return 0, err
	}
	defer ogl.DeleteShader(fs)
	prog := ogl.CreateProgram()
	ogl.AttachShader(prog, vs)
	ogl.AttachShader(prog, fs)
	ogl.LinkProgram(prog)
	var ok int32
	ogl.GetProgramiv(prog, ogl.LINK_STATUS, &ok)
	if ok == ogl.FALSE {
		log := shaderLog(prog, true)
		ogl.DeleteProgram(prog)
		return 0, fmt.Errorf("program %s: link failed: %s", name, log)
	}
	return prog, nil
}

func shaderLog(obj uint32, program bool) string {
	var n int32
	if program {
		ogl.GetProgramiv(obj, ogl.INFO_LOG_LENGTH, &n)
	} else {
		ogl.GetShaderiv(obj, ogl.INFO_LOG_LENGTH, &n)
	}
	if n <= 0 {
		return "(no log)"
	}
	buf := make([]byte, n+1)
	if program {
		ogl.GetProgramInfoLog(obj, n, nil, &buf[0])
	} else {
		ogl.GetShaderInfoLog(obj, n, nil, &buf[0])
	}
	return strings.TrimRight(string(buf), "\x00\n ")
}
