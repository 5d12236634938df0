package prom

import "strings"

// exporterNames maps infiniband_exporter's switch port counters to the
// names and units fabviz's collector logs them under, so that diagnose and
// the viewer treat both alike.
var exporterNames = map[string][2]string{
	"port_transmit_data_bytes_total":             {"port_xmit_data", "bytes"},
	"port_receive_data_bytes_total":              {"port_rcv_data", "bytes"},
	"port_transmit_packets_total":                {"port_xmit_pkts", "packets"},
	"port_receive_packets_total":                 {"port_rcv_pkts", "packets"},
	"port_unicast_transmit_packets_total":        {"port_unicast_xmit_pkts", "packets"},
	"port_unicast_receive_packets_total":         {"port_unicast_rcv_pkts", "packets"},
	"port_multicast_transmit_packets_total":      {"port_multicast_xmit_pkts", "packets"},
	"port_multicast_receive_packets_total":       {"port_multicast_rcv_pkts", "packets"},
	"port_symbol_error_total":                    {"symbol_error", "errors"},
	"port_link_error_recovery_total":             {"link_error_recovery", "events"},
	"port_link_downed_total":                     {"link_downed", "events"},
	"port_receive_errors_total":                  {"port_rcv_errors", "errors"},
	"port_receive_remote_physical_errors_total":  {"port_rcv_remote_physical_errors", "errors"},
	"port_receive_switch_relay_errors_total":     {"port_rcv_switch_relay_errors", "errors"},
	"port_transmit_discards_total":               {"port_xmit_discards", "packets"},
	"port_transmit_constraint_errors_total":      {"port_xmit_constraint_errors", "errors"},
	"port_receive_constraint_errors_total":       {"port_rcv_constraint_errors", "errors"},
	"port_local_link_integrity_errors_total":     {"local_link_integrity_errors", "errors"},
	"port_excessive_buffer_overrun_errors_total": {"excessive_buffer_overrun_errors", "errors"},
	"port_vl15_dropped_total":                    {"vl15_dropped", "packets"},
	"port_transmit_wait_total":                   {"port_xmit_wait", "ticks"},
	"port_qp1_dropped_total":                     {"qp1_dropped", "packets"},
	"port_local_physical_errors_total":           {"port_local_physical_errors", "errors"},
	"port_malformed_packet_errors_total":         {"port_malformed_pkt_errors", "errors"},
	"port_buffer_overrun_errors_total":           {"port_buffer_overrun_errors", "errors"},
	"port_dli_mapping_errors_total":              {"port_dlid_mapping_errors", "errors"},
	"port_vl_mapping_errors_total":               {"port_vl_mapping_errors", "errors"},
	"port_looping_errors_total":                  {"port_looping_errors", "errors"},
}

// counterName gives the log's counter name and unit for a metric: fabviz's
// own name for infiniband_exporter's and fabviz's metrics, else the metric
// name, in bytes when it says so.
func counterName(metric string) (name, unit string) {
	if rest, ok := strings.CutPrefix(metric, "infiniband_switch_"); ok {
		if n, ok := exporterNames[rest]; ok {
			return n[0], n[1]
		}
	}
	if rest, ok := strings.CutPrefix(metric, "fabviz_"); ok {
		if n, ok := strings.CutSuffix(rest, "_bytes_total"); ok {
			return n, "bytes"
		}
		if n, ok := strings.CutSuffix(rest, "_total"); ok {
			return n, "count"
		}
	}
	if strings.HasSuffix(metric, "_bytes_total") {
		return metric, "bytes"
	}
	return metric, "count"
}
