package prom

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Client talks to a Prometheus-compatible HTTP query API.
type Client struct {
	URL  string // base URL, e.g. http://prometheus:9090
	HTTP *http.Client
}

// Sample is one value of a series at one time; Value is NaN for a value
// that is not a number.
type Sample struct {
	T     time.Time
	Value float64
}

// Series is one labelled time series of a query's answer.
type Series struct {
	Labels  map[string]string
	Samples []Sample
}

// apiError is the API's own account of a failed query.
type apiError struct {
	Status    string `json:"status"`
	ErrorType string `json:"errorType"`
	Error     string `json:"error"`
}

func (c *Client) get(ctx context.Context, path string, q url.Values, into any) error {
	base := strings.TrimRight(c.URL, "/")
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, strings.NewReader(q.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env struct {
		apiError
		Data     json.RawMessage `json:"data"`
		Warnings []string        `json:"warnings"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		return fmt.Errorf("%s%s: HTTP %s, not a Prometheus API answer: %v", base, path, resp.Status, err)
	}
	if env.Status != "success" {
		return fmt.Errorf("%s%s: %s: %s", base, path, env.ErrorType, env.Error)
	}
	return json.Unmarshal(env.Data, into)
}

// SeriesLabels lists the label sets of the series that match a selector
// between start and end.
func (c *Client) SeriesLabels(ctx context.Context, match string, start, end time.Time) ([]map[string]string, error) {
	q := url.Values{"match[]": {match}, "start": {apiTime(start)}, "end": {apiTime(end)}}
	var out []map[string]string
	err := c.get(ctx, "/api/v1/series", q, &out)
	return out, err
}

// QueryRange evaluates query at start, start+step, … up to end.
func (c *Client) QueryRange(ctx context.Context, query string, start, end time.Time, step time.Duration) ([]Series, error) {
	q := url.Values{"query": {query}, "start": {apiTime(start)}, "end": {apiTime(end)},
		"step": {strconv.FormatFloat(step.Seconds(), 'f', -1, 64)}}
	var data struct {
		ResultType string `json:"resultType"`
		Result     []struct {
			Metric map[string]string `json:"metric"`
			Values [][2]any          `json:"values"`
		} `json:"result"`
	}
	if err := c.get(ctx, "/api/v1/query_range", q, &data); err != nil {
		return nil, err
	}
	if data.ResultType != "matrix" {
		return nil, fmt.Errorf("query_range answered a %q, not a matrix", data.ResultType)
	}
	out := make([]Series, len(data.Result))
	for i, r := range data.Result {
		out[i].Labels = r.Metric
		for _, v := range r.Values {
			s, err := sample(v)
			if err != nil {
				return nil, err
			}
			out[i].Samples = append(out[i].Samples, s)
		}
	}
	return out, nil
}

// sample decodes [unix seconds, "value"].
func sample(v [2]any) (Sample, error) {
	ts, ok := v[0].(float64)
	str, ok2 := v[1].(string)
	if !ok || !ok2 {
		return Sample{}, fmt.Errorf("bad sample %v", v)
	}
	f, err := strconv.ParseFloat(str, 64)
	if err != nil {
		f = math.NaN()
	}
	sec, frac := math.Modf(ts)
	return Sample{T: time.Unix(int64(sec), int64(math.Round(frac*1e9))).UTC(), Value: f}, nil
}

func apiTime(t time.Time) string {
	return strconv.FormatFloat(float64(t.UnixNano())/1e9, 'f', 3, 64)
}
