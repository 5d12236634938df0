#version 410 core
// One vertex of a unit mesh, placed by its instance's 3×4 row-major affine
// transform and coloured by its instance's colour.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec4 aRow0;
layout(location = 3) in vec4 aRow1;
layout(location = 4) in vec4 aRow2;
layout(location = 5) in vec3 aColor;

uniform mat4 uView;
uniform mat4 uProj;

out vec3 vNormal;
out vec3 vColor;
out vec3 vViewPos;

void main() {
	vec4 p = vec4(aPos, 1.0);
	vec3 world = vec3(dot(aRow0, p), dot(aRow1, p), dot(aRow2, p));
	// mat3(rows) is the transpose of the linear part; the axes of every
	// instance are orthogonal, so the transformed normal is just M·n.
	mat3 linear = transpose(mat3(aRow0.xyz, aRow1.xyz, aRow2.xyz));
	vec4 view = uView * vec4(world, 1.0);
	vNormal = mat3(uView) * normalize(linear * aNormal);
	vColor = aColor;
	vViewPos = view.xyz;
	gl_Position = uProj * view;
}
