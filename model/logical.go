package model

import "sort"

// Logical rows (§1 logical-row): the rows a node allocator numbers along,
// each made of whole physical display rows drawn end to end. Physical rows
// that no logical-row line names are logical rows of their own, numbered
// after the declared ones in physical order, so every model has an
// arrangement by logical rows and a model without logical-row lines
// arranges exactly as it does physically.

// LogicalRows lists, by logical row, its physical rows in order.
func (m *Model) LogicalRows() [][]int { return m.logical }

// HasLogicalRows reports whether the file declared any logical rows.
func (m *Model) HasLogicalRows() bool { return m.declaredLogical }

// LogicalColumns is the width of the logical arrangement in switch
// positions: the longest logical row's physical rows times Columns.
func (m *Model) LogicalColumns() int {
	w := 1
	for _, rows := range m.logical {
		w = max(w, len(rows))
	}
	return w * m.Columns
}

// LogicalPos is where a grid position sits in the logical arrangement: its
// logical row and its column counted along that row (the physical rows
// before it in the logical row, times Columns, plus its own column).
func (m *Model) LogicalPos(row, col int) (lrow, lcol int) {
	if row < 0 || row >= len(m.logicalOf) {
		return row, col
	}
	at := m.logicalOf[row]
	return at.row, at.index*m.Columns + col
}

// logicalAt is a physical row's place in the logical arrangement.
type logicalAt struct{ row, index int }

// buildLogical validates the logical-row lines (numbered 0.. without gaps
// or repeats; rows inside the grid, each in at most one logical row; labels
// known and not given by a rowdef as well), records the portdefs they name
// into rows, and fills the model's arrangement.
func (p *parser) buildLogical(m *Model, defs map[string]*PortDef, rows map[rowKey][]*PortDef) {
	decl := append([]rawLogical(nil), p.logical...)
	sort.SliceStable(decl, func(i, j int) bool { return decl[i].index < decl[j].index })
	owner := map[int]int{} // physical row -> line of the logical-row naming it
	next := 0
	for _, lr := range decl {
		p.logicalIndex(lr, &next)
		for i, r := range lr.rows {
			p.logicalEntry(m, defs, rows, owner, lr, r, lr.labels[i])
		}
	}
	m.declaredLogical = len(decl) > 0
	m.logicalOf = make([]logicalAt, m.Rows)
	for _, lr := range decl {
		out := make([]int, 0, len(lr.rows))
		for _, r := range lr.rows {
			if r < m.Rows {
				m.logicalOf[r] = logicalAt{len(m.logical), len(out)}
				out = append(out, r)
			}
		}
		m.logical = append(m.logical, out)
	}
	for r := range m.Rows {
		if _, named := owner[r]; !named {
			m.logicalOf[r] = logicalAt{len(m.logical), 0}
			m.logical = append(m.logical, []int{r})
		}
	}
}

// logicalIndex checks that logical rows are numbered 0, 1, … in turn.
func (p *parser) logicalIndex(lr rawLogical, next *int) {
	switch {
	case lr.index < *next:
		p.errorf(lr.line, "logical-row %d given twice", lr.index)
		return
	case lr.index > *next:
		p.errorf(lr.line, "logical-row %d: logical row %d is missing (logical rows are numbered 0, 1, … without gaps)", lr.index, *next)
	}
	*next = lr.index + 1
}

// logicalEntry checks one ROW[:LABEL] of a logical-row line.
func (p *parser) logicalEntry(m *Model, defs map[string]*PortDef, rows map[rowKey][]*PortDef, owner map[int]int, lr rawLogical, r int, label string) {
	if r >= m.Rows {
		p.errorf(lr.line, "logical-row %d: row %d outside the grid of %d rows", lr.index, r, m.Rows)
		return
	}
	if prev, dup := owner[r]; dup {
		p.errorf(lr.line, "logical-row %d: row %d is already in the logical row at line %d", lr.index, r, prev)
		return
	}
	owner[r] = lr.line
	if label == "" {
		return
	}
	d, ok := defs[label]
	if !ok {
		p.errorf(lr.line, "logical-row %d: unknown portdef %q", lr.index, label)
		return
	}
	for k := range rows {
		if k.row == r {
			p.errorf(lr.line, "logical-row %d: row %d already has a rowdef", lr.index, r)
			return
		}
	}
	rows[rowKey{-1, r}] = []*PortDef{d}
}
