// Package pngfile writes PNG pictures safely: through a temporary file
// renamed into place, so a failed write leaves no half-written picture.
// Both front ends write their pictures with it.
package pngfile
