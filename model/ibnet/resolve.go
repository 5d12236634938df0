package ibnet

// resolve turns the claims into cables, checking that every cable is
// described the same way from both ends.
func (p *parser) resolve() {
	for _, c := range p.claims {
		if c.peerID != "\x00" {
			b, ok := p.f.byID[c.peerID]
			if !ok {
				p.problem(c.line, "link to undeclared node %q (no header for it in the file)", c.peerID)
				continue
			}
			c.b = b
		}
		p.cable(c)
	}
	if p.form == formRecords {
		p.checkBackLinks()
	}
}

func (p *parser) cable(c claim) {
	na, nb := p.f.Nodes[c.a], p.f.Nodes[c.b]
	if c.bp < 1 || c.bp > nb.NPorts && p.form == formRecords {
		p.problem(c.line, "link to port %d of %s, which has ports 1..%d", c.bp, nb.name(), nb.NPorts)
		return
	}
	if c.a == c.b && c.ap == c.bp {
		p.problem(c.line, "port %d of %s is linked to itself", c.ap, na.name())
		return
	}
	pa, pb := &na.Ports[c.ap], &nb.Ports[c.bp]
	if pa.Peer == c.b && pa.PeerPort == c.bp {
		if c.peerLID > 0 && nb.Kind != Switch && pb.LID == 0 {
			pb.LID = c.peerLID
		}
		return // the other end's description, agreeing
	}
	for _, x := range []struct {
		nd   *Node
		port int
		pt   *Port
	}{{na, c.ap, pa}, {nb, c.bp, pb}} {
		if x.pt.Peer >= 0 {
			o := p.f.Nodes[x.pt.Peer]
			p.problem(c.line, "inconsistent links: this line joins %s port %d to %s port %d, but line %d joined %s port %d to %s port %d",
				na.name(), c.ap, nb.name(), c.bp, x.pt.Line, x.nd.name(), x.port, o.name(), x.pt.PeerPort)
			return
		}
	}
	pa.Peer, pa.PeerPort, pa.Line = c.b, c.bp, c.line
	pb.Peer, pb.PeerPort = c.a, c.ap
	pb.Line = c.line
	if c.peerLID > 0 && nb.Kind != Switch && pb.LID == 0 {
		pb.LID = c.peerLID
	}
}

// checkBackLinks reports cables that only one end's record describes: in
// ibnetdiscover's record form every node lists each of its cabled ports, so
// a missing line means a truncated or edited file.
func (p *parser) checkBackLinks() {
	for _, nd := range p.f.Nodes {
		for port := range nd.Ports {
			pt := &nd.Ports[port]
			if pt.Peer < 0 || pt.saidAt > 0 {
				continue
			}
			o := p.f.Nodes[pt.Peer]
			p.problem(pt.Line, "%s port %d links to %s port %d, but %s's record (line %d) has no line for port %d (truncated or edited file?)",
				o.name(), pt.PeerPort, nd.name(), port, nd.ID, nd.Line, port)
		}
	}
}
