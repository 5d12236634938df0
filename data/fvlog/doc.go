// Package fvlog owns the syntax of FORMATS.md §5 collection logs
// (`*.fvlog`): the magic first line, the header lines, the collector's note
// comments, data lines (stamp and values), the cut of an interrupted last
// line, and telling a log from another file. Every program that writes or
// reads a log goes through it: the data package's reader (data.ReadLog,
// data.FollowLog), the collector's writer and its resume, and `fabnet
// merge`. It is a leaf: it knows nothing of models or series.
package fvlog
