#version 410 core
// A headlight: diffuse and a little specular light from the eye, plus
// ambient, so every face the camera sees is lit.
in vec3 vNormal;
in vec3 vColor;
in vec3 vViewPos;

out vec4 fragColor;

void main() {
	vec3 n = normalize(vNormal);
	vec3 toEye = normalize(-vViewPos);
	if (dot(n, toEye) < 0.0) n = -n;
	float diffuse = max(dot(n, toEye), 0.0);
	float spec = pow(diffuse, 32.0) * 0.25;
	vec3 c = vColor * (0.35 + 0.65 * diffuse) + vec3(spec);
	fragColor = vec4(min(c, vec3(1.0)), 1.0);
}
