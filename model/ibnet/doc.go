// Package ibnet reads the topology that InfiniBand's ibnetdiscover prints
// (its default node-record form, its -p one-line-per-port form, and ibsim's
// net files, which use the node-record grammar) and turns it into a fabviz
// model (FORMATS.md §1): switches grouped into planes by tier, host ports as
// processor ports, switch-to-switch cables as explicit links.
//
// Parse never panics. Problems carry the file and line (textio.Error);
// inconsistencies between records (a back-link that disagrees, a link to an
// undeclared node) are errors unless Options.Lenient turns them into warnings.
package ibnet
