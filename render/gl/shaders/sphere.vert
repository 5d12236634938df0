#version 410 core
// A sphere drawn as a quad (an impostor): the quad faces the eye, sits at
// the sphere's front and is as wide as the sphere, which covers its
// silhouette under perspective; the fragment shader finds the surface.
layout(location = 0) in vec3 aPos; // quad corner, x and y in {-1, 1}
layout(location = 2) in vec4 aRow0;
layout(location = 3) in vec4 aRow1;
layout(location = 4) in vec4 aRow2;
layout(location = 5) in vec3 aColor;

uniform mat4 uView;
uniform mat4 uProj;

out vec3 vColor;
out vec3 vViewPos;
out vec3 vCentre;
out float vRadius;

void main() {
	vec3 centre = vec3(aRow0.w, aRow1.w, aRow2.w);
	float r = length(vec3(aRow0.x, aRow1.x, aRow2.x));
	vec3 c = (uView * vec4(centre, 1.0)).xyz;
	vec3 w = normalize(-c);
	vec3 u = normalize(cross(abs(w.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0), w));
	vec3 v = cross(w, u);
	vec3 p = c + w * r + (u * aPos.x + v * aPos.y) * r * 1.05;
	vColor = aColor;
	vViewPos = p;
	vCentre = c;
	vRadius = r;
	gl_Position = uProj * vec4(p, 1.0);
}
