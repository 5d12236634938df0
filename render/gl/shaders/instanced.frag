in vec3 vNormal;
in vec3 vColor;
in vec3 vViewPos;

out vec4 fragColor;

void main() {
	fragColor = vec4(shade(vColor, normalize(vNormal), normalize(-vViewPos)), 1.0);
}
