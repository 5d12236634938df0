// Package textio holds what every fabviz text-format reader shares: a line
// reader with a hard limit on line length, a tokenizer that understands `#`
// comments and double-quoted strings, and the file-and-line error types that
// all loaders return.
package textio
