// Package diagnose looks through a fabric's counters for what a person would
// look for: a failing cable, a link that went down or keeps going down, a
// link running below the width or speed of its peers, congested links and
// the jobs whose routes cross them, and jobs whose ports differ far more than
// other jobs' do.
//
// Run takes a model, its routes (optional), counter series (parameter files
// or collector logs, each with the `#! counter` header that names it) and a
// job series (optional), and returns findings ranked by severity. Every
// finding names its ports (both ends for a cable), the steps it spans, a
// score (how many times over its threshold it is) and the evidence, in
// sentences a person can check against the data, with the threshold used.
//
// # Failing cables
//
// Error counters come in two kinds. Local ones (symbol errors, receive
// errors, link-integrity and link-recovery events, buffer overruns) are
// counted by the port that receives over the bad cable and go no further:
// a port with errors names its cable. Propagating ones (the Cplant paper's
// bad packets, InfiniBand's PortRcvRemotePhysicalErrors) follow a corrupted
// packet through every switch it enters afterwards with cut-through
// forwarding, so errors show up all around the culprit. Every corrupted
// packet enters the culprit's far end first, so the culprit is the cable
// whose two ends both count the most: the cable is scored by the smaller of
// its two ends' counts. With routes, the finding also says what share of
// all errors lies downstream of the cable on routes through it, and errors
// so explained are not reported again as other cables.
package diagnose
