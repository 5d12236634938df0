package diagnose

import (
	"fmt"
	"io"
	"strings"
)

// WriteText prints findings for a person: one block a finding, numbered in
// rank order, its evidence and threshold indented below. Of each kind only
// the first perKind are printed (0: all); a last line counts the rest.
func WriteText(w io.Writer, findings []Finding, perKind int) error {
	shown := map[Kind]int{}
	left := map[Kind]int{}
	var order []Kind
	n := 0
	for _, f := range findings {
		if perKind > 0 && shown[f.Kind] >= perKind {
			if left[f.Kind] == 0 {
				order = append(order, f.Kind)
			}
			left[f.Kind]++
			continue
		}
		shown[f.Kind]++
		n++
		if err := writeFinding(w, n, f); err != nil {
			return err
		}
	}
	if len(order) == 0 {
		return nil
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%d more %s", left[k], k))
	}
	_, err := fmt.Fprintf(w, "(%s findings not shown: -all lists them, --json gives them all)\n", strings.Join(parts, ", "))
	return err
}

func writeFinding(w io.Writer, i int, f Finding) error {
	{
		steps := "from the model"
		if f.FirstStep >= 0 {
			steps = stepSpan(f.FirstStep, f.LastStep)
		}
		where := strings.Join(f.Ports, " ↔ ")
		if f.Kind == Imbalance && len(f.Jobs) == 1 {
			where = fmt.Sprintf("job %d (%d ports)", f.Jobs[0], len(f.Ports))
		}
		if _, err := fmt.Fprintf(w, "%d. %s  %s  %s  score %.1f\n", i, f.Kind, where, steps, f.Score); err != nil {
			return err
		}
		for _, e := range f.Evidence {
			fmt.Fprintf(w, "   %s\n", e)
		}
		if _, err := fmt.Fprintf(w, "   threshold: %s\n", f.Threshold); err != nil {
			return err
		}
	}
	return nil
}
