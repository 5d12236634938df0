in vec3 vColor;

out vec4 fragColor;

void main() {
	// The disc of the point, lit as the sphere seen straight on: its
	// centre is the port's colour exactly.
	vec2 p = gl_PointCoord * 2.0 - 1.0;
	float d = dot(p, p);
	if (d > 1.0) discard;
	fragColor = vec4(shade(vColor, vec3(p.x, -p.y, sqrt(1.0 - d)), vec3(0.0, 0.0, 1.0)), 1.0);
}
