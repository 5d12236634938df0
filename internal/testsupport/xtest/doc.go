// Package xtest sends real X input events (the XTEST extension) to the
// display a test runs on — a private Xvfb from package xvfb — so window
// tests feed the viewer input the way a user's mouse and keyboard do,
// through the X server and GLFW's callbacks.
package xtest
