// Package docs holds the user documentation (README.md one folder up and
// the pages here) and no code: its tests run what the pages tell a user to
// type — every `$ command` shown with its output, and every recipe script
// under recipes/ — so that the documentation works as written.
package docs
