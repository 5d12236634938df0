// Package gl draws render/scene scenes with OpenGL 4.1 core: embedded
// shaders, one instanced draw per primitive kind (switch cubes, port
// spheres, job boxes, link and route cylinders), colour updates that
// re-upload only the colour buffers, and an offscreen multisampled
// framebuffer that resolves into an *image.RGBA. DrawViewportReduced is
// the cheaper picture of a moving camera: past Renderer.Limits the links
// are drawn as render/scene.BundleLinks bundles and the port spheres as
// points; snapshots always draw everything.
//
// Contexts: NewHeadless makes an EGL surfaceless context (Mesa's
// EGL_PLATFORM_SURFACELESS_MESA), which needs no X server and no DISPLAY;
// it is what `fabviz snapshot` and the golden-image tests use. A GL context
// belongs to one OS thread: the goroutine that creates a context stays locked
// to its thread until the context is released, and every GL call must come
// from it.
//
// Every GL object is owned by a Renderer or a Target and freed by Release.
//
// Tests compare small scenes with the pictures in testdata/golden: a pixel
// differs when a channel is off by more than 24, a picture fails when more
// than 0.3% of its pixels differ (anti-aliased edges move between Mesa
// versions). `go test ./render/gl -run Golden -update` rewrites them; look
// at the new pictures before committing them.
package gl
