// Package fattree writes the synthetic two-level fat tree and parameter
// files the data benchmarks load: 64-port switches, leaves with 32 hosts and
// 32 uplinks each, spines with 64 downlinks, every cable an explicit link.
package fattree

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
)

// Shape is the size of a tree: Leaves leaf switches, each with 32 hosts,
// and Leaves/2 spines.
type Shape struct{ Leaves int }

// Full is the 16,384-node tree of the benchmarks: 512 leaves, 256 spines,
// 49,152 ports.
var Full = Shape{Leaves: 512}

// Spines is the number of spine switches.
func (s Shape) Spines() int { return s.Leaves / 2 }

// Ports is the number of ports in the model.
func (s Shape) Ports() int { return (s.Leaves + s.Spines()) * 64 }

// WriteModel writes the model file. Leaves fill the first rows of a
// 32-column grid, spines the rows after them. Uplink u of leaf l goes to
// spine u·(Leaves/64) + l/64, port l mod 64, so every spine takes one
// uplink from each of 64 leaves. Leaves must be a positive multiple of 64.
func (s Shape) WriteModel(w io.Writer) error {
	if s.Leaves <= 0 || s.Leaves%64 != 0 {
		return fmt.Errorf("fattree: %d leaves: need a positive multiple of 64", s.Leaves)
	}
	bw := bufio.NewWriter(w)
	leafRows, spineRows := s.Leaves/32, (s.Spines()+31)/32
	fmt.Fprintf(bw, "name fat tree of %d nodes\nrows %d\ncolumns 32\nports 64\nhostname-format cn%%05d\n", s.Leaves*32, leafRows+spineRows)
	bw.WriteString("portdef leaf\n")
	for p := 0; p < 32; p++ {
		fmt.Fprintf(bw, "%d proc top %d\n", p, p)
	}
	for p := 32; p < 64; p++ {
		fmt.Fprintf(bw, "%d net bottom %d\n", p, p-32)
	}
	bw.WriteString("end\nportdef spine\n")
	for p := 0; p < 64; p++ {
		fmt.Fprintf(bw, "%d net top %d\n", p, p)
	}
	bw.WriteString("end\n")
	for r := 0; r < leafRows+spineRows; r++ {
		def := "leaf"
		if r >= leafRows {
			def = "spine"
		}
		fmt.Fprintf(bw, "rowdef %d %s\n", r, def)
	}
	for l := 0; l < s.Leaves; l++ {
		fmt.Fprintf(bw, "switch leaf%d 0 %d %d node %d\n", l, l/32, l%32, l*32)
	}
	for sp := 0; sp < s.Spines(); sp++ {
		fmt.Fprintf(bw, "switch spine%d 0 %d %d node 0\n", sp, leafRows+sp/32, sp%32)
	}
	group := s.Leaves / 64
	for l := 0; l < s.Leaves; l++ {
		for u := 0; u < 32; u++ {
			fmt.Fprintf(bw, "link leaf%d.%d spine%d.%d\n", l, 32+u, u*group+l/64, l%64)
		}
	}
	return bw.Flush()
}

// WriteParam writes a parameter file listing every port of the model (leaf
// processor ports by host name, the rest as SWITCH.PORT) with steps random
// counter values in [0, 10^6), about 6.9 bytes per value.
func (s Shape) WriteParam(w io.Writer, steps int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 7))
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString("#! steps 2026-11-21T00:00:00Z 60s\n#! counter port_xmit_data bytes\n")
	var line []byte
	row := func(label string) error {
		line = append(line[:0], label...)
		for range steps {
			line = append(line, ' ')
			line = strconv.AppendUint(line, r.Uint64N(1000000), 10)
		}
		line = append(line, '\n')
		_, err := bw.Write(line)
		return err
	}
	for l := 0; l < s.Leaves; l++ {
		for p := 0; p < 64; p++ {
			label := fmt.Sprintf("leaf%d.%d", l, p)
			if p < 32 {
				label = fmt.Sprintf("cn%05d", l*32+p)
			}
			if err := row(label); err != nil {
				return err
			}
		}
	}
	for sp := 0; sp < s.Spines(); sp++ {
		for p := 0; p < 64; p++ {
			if err := row(fmt.Sprintf("spine%d.%d", sp, p)); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}
