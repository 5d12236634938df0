package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes/gen"
)

func init() {
	register("gen", "generate a model and its routes (ring, mesh, torus, fattree, fattree3, cplant)", runGen)
}

const genUsage = `usage: fabnet gen KIND [flags] -o DIR
kinds:
  ring    -switches N                          (the Cplant paper's Figure 1 for N=4)
  mesh    -dims X,Y[,Z] -proc K                (dimension-order routing)
  torus   -dims X,Y[,Z] -proc K                (dimension-order, shorter way round)
  fattree -leaves L -spines S -hosts H -ports N (up/down routing)
  fattree3 -k K [-pods P] [-hosts H]           (three-level k-ary fat tree, d-mod-k;
                                               P pods of K/2 leaves with H hosts, default K and K/2)
  cplant                                       (624 nodes, 16-port switches)
The model goes to DIR/D.fvm (D: DIR's own name), its routes as -form says:
  files   a route file per node in DIR/routes/ (the default)
  tables  a forwarding table per switch in DIR/tables.lft (FORMATS §2b)
  ibnet   no model: DIR/D.topo (ibnetdiscover) and DIR/D.fts (dump_fts), the
          input of fabnet import ibnet -topo DIR/D.topo -lft DIR/D.fts
  none    the model alone, without routes
Every kind routes by destination alone, so each can be written in every form.`

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
	k := fs.Int("k", 8, "fattree3: ports a switch (even)")
	pods := fs.Int("pods", 0, "fattree3: pods (default k)")
	formFlag := fs.String("form", "files", "how routes are written: files, tables, ibnet or none")
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
	form, err := gen.ParseForm(*formFlag)
	if err != nil {
		fmt.Fprintf(stderr, "fabnet gen: %v\n", err)
		return 2
	}
	if form != gen.Files && e == model.Relative {
		fmt.Fprintf(stderr, "fabnet gen: -encoding relative applies to route files; -form %s names absolute ports\n", *formFlag)
		return 2
	}
	var f *gen.Fabric
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
	case "fattree3":
		p, h := *pods, *k/2
		if p == 0 {
			p = *k
		}
		fs.Visit(func(fl *flag.Flag) {
			if fl.Name == "hosts" {
				h = *hosts
			}
		})
		f, err = gen.FatTree3(*k, p, h, e)
	case "cplant":
		f, err = gen.Cplant(e)
	default:
		fmt.Fprintf(stderr, "fabnet gen: unknown kind %q\n", kind)
		fs.Usage()
		return 2
	}
	if err == nil {
		var path string
		if path, err = f.WriteForm(*out, form); err == nil {
			if form == gen.IBNet {
				path += " and " + strings.TrimSuffix(path, ".topo") + ".fts"
			}
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
