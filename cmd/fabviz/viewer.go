package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/fabviz/fabviz/gui"
)

// viewerCmd opens the window: fabviz [MODEL] [-logs DIR] [-param F] [-job F] [-init F]
// [-script F.fvcmd] [-size WxH]. The model may come before or after the
// flags.
func viewerCmd(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("fabviz", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opt gui.Options
	fs.StringVar(&opt.Param, "param", "", "parameter file or counter log (§3, §5)")
	fs.StringVar(&opt.Job, "job", "", "job file or job log")
	fs.StringVar(&opt.Logs, "logs", "", "a collector's log directory: every counter log and the job log (*.fvlog)")
	fs.StringVar(&opt.Init, "init", "", "initialisation file (default ./fabviz.ini when present)")
	fs.StringVar(&opt.Script, "script", "", "run this viewer script in the window, then exit with its status")
	size := fs.String("size", "1280x800", "window size WxH in screen units")
	var pf promFlags
	pf.register(fs)
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		opt.Model, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch rest := fs.Args(); {
	case len(rest) == 1 && opt.Model == "":
		opt.Model = rest[0]
	case len(rest) > 0:
		fmt.Fprintf(stderr, "fabviz: unexpected arguments %q\n", rest)
		return 2
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &opt.Width, &opt.Height); err != nil || opt.Width < 1 || opt.Height < 1 {
		fmt.Fprintf(stderr, "fabviz: -size %q: want WxH, e.g. 1280x800\n", *size)
		return 2
	}
	opt.Stderr = stderr
	if pf.url != "" {
		if opt.Model == "" || opt.Param != "" {
			fmt.Fprintln(stderr, "fabviz: -prom needs a model and takes the place of -param")
			return 2
		}
		path, cleanup, err := pf.fetch(opt.Model, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "fabviz: -prom:", err)
			return 1
		}
		defer cleanup()
		opt.Param = path
	}
	if err := gui.Run(opt); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
