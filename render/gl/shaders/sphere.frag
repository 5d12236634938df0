in vec3 vColor;
in vec3 vViewPos;
in vec3 vCentre;
in float vRadius;

uniform mat4 uProj;

out vec4 fragColor;

void main() {
	// The ray from the eye (the origin) through this fragment meets the sphere?
	vec3 d = normalize(vViewPos);
	float b = dot(d, vCentre);
	float disc = b * b - dot(vCentre, vCentre) + vRadius * vRadius;
	if (disc < 0.0) discard;
	float t = b - sqrt(disc);
	if (t <= 0.0) discard;
	vec3 p = d * t;
	vec4 clip = uProj * vec4(p, 1.0);
	gl_FragDepth = 0.5 * (clip.z / clip.w) + 0.5;
	fragColor = vec4(shade(vColor, normalize(p - vCentre), -d), 1.0);
}
