// shade lights a surface point with a headlight: diffuse light from the eye
// plus ambient, so every face the camera sees is lit. A surface facing the
// eye shows its colour exactly (no specular highlight), so a port's centre
// is the colour its value maps to.
vec3 shade(vec3 color, vec3 n, vec3 toEye) {
	float diffuse = abs(dot(n, toEye));
	return color * (0.35 + 0.65 * diffuse);
}
