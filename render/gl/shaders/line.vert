#version 410 core
// A link as a plain line: both ends carry their world position and colour.
layout(location = 0) in vec3 aPos;
layout(location = 5) in vec3 aColor;

uniform mat4 uView;
uniform mat4 uProj;

out vec3 vColor;

void main() {
	vColor = aColor;
	gl_Position = uProj * uView * vec4(aPos, 1.0);
}
