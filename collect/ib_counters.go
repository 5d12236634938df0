package collect

// ibCounter ties a log counter to the perfquery field that feeds it and to
// which of the two perfquery calls (extended or basic) reports it.
type ibCounter struct {
	Counter
	Field    string
	Extended bool
	// Basic is how wide the basic (32-bit) PortCounters field is for a
	// counter the extended query owns; 0 when the basic query lacks it.
	// A switch without extended counters is read through it.
	Basic uint8
}

// IBCounters is every counter the InfiniBand source logs, in log order. Data
// and packet counts come from the 64-bit extended counters; error counters
// and PortXmitWait from the basic PortCounters, whose error fields saturate at
// their width (IBA 16.1.3.5).
var ibCounters = []ibCounter{
	{Counter{"port_xmit_data", "bytes", 64, false, 4, false}, "PortXmitData", true, 32},
	{Counter{"port_rcv_data", "bytes", 64, false, 4, false}, "PortRcvData", true, 32},
	{Counter{"port_xmit_pkts", "packets", 64, false, 0, false}, "PortXmitPkts", true, 32},
	{Counter{"port_rcv_pkts", "packets", 64, false, 0, false}, "PortRcvPkts", true, 32},
	{Counter{"port_unicast_xmit_pkts", "packets", 64, false, 0, false}, "PortUnicastXmitPkts", true, 0},
	{Counter{"port_unicast_rcv_pkts", "packets", 64, false, 0, false}, "PortUnicastRcvPkts", true, 0},
	{Counter{"port_multicast_xmit_pkts", "packets", 64, false, 0, false}, "PortMulticastXmitPkts", true, 0},
	{Counter{"port_multicast_rcv_pkts", "packets", 64, false, 0, false}, "PortMulticastRcvPkts", true, 0},
	{Counter{"symbol_error", "errors", 16, true, 0, false}, "SymbolErrorCounter", false, 0},
	{Counter{"port_rcv_errors", "errors", 16, true, 0, false}, "PortRcvErrors", false, 0},
	{Counter{"link_downed", "events", 8, true, 0, false}, "LinkDownedCounter", false, 0},
	{Counter{"link_error_recovery", "events", 8, true, 0, false}, "LinkErrorRecoveryCounter", false, 0},
	{Counter{"port_xmit_discards", "packets", 16, true, 0, false}, "PortXmitDiscards", false, 0},
	{Counter{"port_rcv_remote_physical_errors", "errors", 16, true, 0, false}, "PortRcvRemotePhysicalErrors", false, 0},
	{Counter{"port_rcv_switch_relay_errors", "errors", 16, true, 0, false}, "PortRcvSwitchRelayErrors", false, 0},
	{Counter{"local_link_integrity_errors", "errors", 4, true, 0, false}, "LocalLinkIntegrityErrors", false, 0},
	{Counter{"excessive_buffer_overrun_errors", "errors", 4, true, 0, false}, "ExcessiveBufferOverrunErrors", false, 0},
	{Counter{"port_xmit_constraint_errors", "packets", 8, true, 0, false}, "PortXmitConstraintErrors", false, 0},
	{Counter{"port_rcv_constraint_errors", "packets", 8, true, 0, false}, "PortRcvConstraintErrors", false, 0},
	{Counter{"vl15_dropped", "packets", 16, true, 0, false}, "VL15Dropped", false, 0},
	{Counter{"qp1_dropped", "packets", 16, true, 0, false}, "QP1Dropped", false, 0},
	{Counter{"port_xmit_wait", "ticks", 32, true, 0, false}, "PortXmitWait", false, 0},
}
