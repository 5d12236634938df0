package collect

// ibCounter ties a log counter to the perfquery field that feeds it and to
// which of the two perfquery calls (extended or basic) reports it.
type ibCounter struct {
	Counter
	Field    string
	Extended bool
}

// IBCounters is every counter the InfiniBand source logs, in log order. Data
// and packet counts come from the 64-bit extended counters; error counters
// and PortXmitWait from the basic PortCounters, whose error fields saturate at
// their width (IBA 16.1.3.5).
var ibCounters = []ibCounter{
	{Counter{"port_xmit_data", "octets/4", 64, false}, "PortXmitData", true},
	{Counter{"port_rcv_data", "octets/4", 64, false}, "PortRcvData", true},
	{Counter{"port_xmit_pkts", "packets", 64, false}, "PortXmitPkts", true},
	{Counter{"port_rcv_pkts", "packets", 64, false}, "PortRcvPkts", true},
	{Counter{"symbol_error", "errors", 16, true}, "SymbolErrorCounter", false},
	{Counter{"port_rcv_errors", "errors", 16, true}, "PortRcvErrors", false},
	{Counter{"link_downed", "events", 8, true}, "LinkDownedCounter", false},
	{Counter{"link_error_recovery", "events", 8, true}, "LinkErrorRecoveryCounter", false},
	{Counter{"port_xmit_discards", "packets", 16, true}, "PortXmitDiscards", false},
	{Counter{"port_rcv_remote_physical_errors", "errors", 16, true}, "PortRcvRemotePhysicalErrors", false},
	{Counter{"port_rcv_switch_relay_errors", "errors", 16, true}, "PortRcvSwitchRelayErrors", false},
	{Counter{"local_link_integrity_errors", "errors", 4, true}, "LocalLinkIntegrityErrors", false},
	{Counter{"excessive_buffer_overrun_errors", "errors", 4, true}, "ExcessiveBufferOverrunErrors", false},
	{Counter{"vl15_dropped", "packets", 16, true}, "VL15Dropped", false},
	{Counter{"port_xmit_wait", "ticks", 32, true}, "PortXmitWait", false},
}
