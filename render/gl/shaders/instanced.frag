in vec3 vNormal;
in vec3 vColor;
in vec3 vViewPos;

uniform bool uUnlit; // lines: their colour as it is

out vec4 fragColor;

void main() {
	if (uUnlit) {
		fragColor = vec4(vColor, 1.0);
		return;
	}
	fragColor = vec4(shade(vColor, normalize(vNormal), normalize(-vViewPos)), 1.0);
}
