package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes/gen"
)

func init() {
	register("gen", "generate a model and its route files (ring, mesh, torus, fattree, cplant)", runGen)
}

const genUsage = `usage: fabnet gen KIND [flags] -o DIR
kinds:
  ring    -switches N                          (the Cplant paper's Figure 1 for N=4)
  mesh    -dims X,Y[,Z] -proc K                (dimension-order routing)
  torus   -dims X,Y[,Z] -proc K                (dimension-order, shorter way round)
  fattree -leaves L -spines S -hosts H -ports N (up/down routing)
  cplant                                       (624 nodes, 16-port switches)
The model goes to DIR/KIND.fvm, the route files to DIR/routes/.`

func runGen(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("gen", genUsage, stderr)
	out := fs.String("o", "", "output `DIR`")
	enc := fs.String("encoding", "absolute", "route encoding: absolute or relative")
	switches := fs.Int("switches", 4, "ring: number of switches")
	dims := fs.String("dims", "4,4", "mesh, torus: sizes along x,y[,z]")
	proc := fs.Int("proc", 4, "mesh, torus: processor ports a switch")
	leaves := fs.Int("leaves", 8, "fattree: leaf switches")
	spines := fs.Int("spines", 4, "fattree: spine switches")
	hosts := fs.Int("hosts", 8, "fattree: hosts a leaf")
	ports := fs.Int("ports", 16, "fattree: ports a switch")
	if err := parseInterspersed(fs, args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || *out == "" {
		fs.Usage()
		return 2
	}
	var e model.Encoding
	switch *enc {
	case "absolute":
	case "relative":
		e = model.Relative
	default:
		fmt.Fprintf(stderr, "fabnet gen: -encoding %q: expected absolute or relative\n", *enc)
		return 2
	}
	var f *gen.Fabric
	var err error
	switch kind := fs.Arg(0); kind {
	case "ring":
		f, err = gen.Ring(*switches, e)
	case "mesh", "torus":
		var d []int
		if d, err = parseDims(*dims); err == nil && kind == "mesh" {
			f, err = gen.Mesh(d, *proc, e)
		} else if err == nil {
			f, err = gen.Torus(d, *proc, e)
		}
	case "fattree":
		f, err = gen.FatTree(*leaves, *spines, *hosts, *ports, e)
	case "cplant":
		f, err = gen.Cplant(e)
	default:
		fmt.Fprintf(stderr, "fabnet gen: unknown kind %q\n", kind)
		fs.Usage()
		return 2
	}
	if err == nil {
		var path string
		if path, err = f.Write(*out); err == nil {
			fmt.Fprintf(stdout, "wrote %s: %s\n", path, f.M)
			return 0
		}
	}
	fmt.Fprintf(stderr, "fabnet gen: %v\n", err)
	return 1
}

func parseDims(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("-dims %q: expected sizes like 4,4,4", s)
		}
		out = append(out, n)
	}
	return out, nil
}
