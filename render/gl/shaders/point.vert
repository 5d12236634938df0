#version 410 core
// A port sphere drawn as one point (a dot) while the camera moves: a
// vertex per sphere instead of a quad, flat depth at the sphere's front,
// sized to the sphere's width on screen.
layout(location = 2) in vec4 aRow0;
layout(location = 3) in vec4 aRow1;
layout(location = 4) in vec4 aRow2;
layout(location = 5) in vec3 aColor;

uniform mat4 uView;
uniform mat4 uProj;
uniform float uHalfHeight; // half the viewport's height in pixels

out vec3 vColor;

void main() {
	vec3 centre = vec3(aRow0.w, aRow1.w, aRow2.w);
	float r = length(vec3(aRow0.x, aRow1.x, aRow2.x));
	vec3 c = (uView * vec4(centre, 1.0)).xyz;
	vec3 front = c + normalize(-c) * r;
	gl_Position = uProj * vec4(front, 1.0);
	gl_PointSize = max(1.0, 2.0 * r * uProj[1][1] * uHalfHeight / max(-c.z, 1e-4));
	vColor = aColor;
}
