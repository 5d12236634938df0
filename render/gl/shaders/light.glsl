// shade lights a surface point with a headlight: diffuse and a little
// specular light from the eye, plus ambient, so every face the camera sees
// is lit. n is the unit normal, toEye the unit vector toward the eye.
vec3 shade(vec3 color, vec3 n, vec3 toEye) {
	if (dot(n, toEye) < 0.0) n = -n;
	float diffuse = max(dot(n, toEye), 0.0);
	float spec = pow(diffuse, 32.0) * 0.25;
	return min(color * (0.35 + 0.65 * diffuse) + vec3(spec), vec3(1.0));
}
