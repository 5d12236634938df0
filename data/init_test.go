package data

import (
	"strings"
	"testing"
)

func TestInitDiagnose(t *testing.T) {
	in, err := ReadInit("f.ini", strings.NewReader("diagnose min-errors 25\ndiagnose util 0.9\n"))
	if err != nil || in.Diagnose["min-errors"] != 25 || in.Diagnose["util"] != 0.9 || len(in.Diagnose) != 2 {
		t.Fatalf("%v %v", in, err)
	}
	for bad, want := range map[string]string{
		"diagnose min-errors\n":                       "f.ini:1: diagnose: expected NAME VALUE",
		"diagnose nosuch 1\n":                         `f.ini:1: diagnose: unknown threshold "nosuch"`,
		"diagnose util -1\n":                          `f.ini:1: diagnose util: expected a number 0 or more, got "-1"`,
		"diagnose util 1\ndiagnose util 2\n":          "f.ini:2: diagnose util already given at line 1",
		"diagnose util 1\ndiagnose min-errors 2\n#\n": "",
	} {
		_, err := ReadInit("f.ini", strings.NewReader(bad))
		if want == "" && err != nil || want != "" && (err == nil || !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("%q: %v, want %q", bad, err, want)
		}
	}
}
