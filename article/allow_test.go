package article

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/feedspec/feedspec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pageServerOn starts a test server listening on addr (an IP address)
// that answers the test article, or redirects /to?u=URL to URL, and counts
// its requests; it skips the test when addr cannot be listened on.
func pageServerOn(t *testing.T, addr string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	page := readTestdata(t, "article.html")
	l, err := net.Listen("tcp", net.JoinHostPort(addr, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	var n atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		if u := r.URL.Query().Get("u"); u != "" {
			http.Redirect(w, r, u, http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write(page)
	}))
	_ = srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &n
}

// TestFetchAllowAddresses: the allowed address is fetched, a neighbouring
// one of the same range is refused, directly and through a redirect from
// the allowed one; an invalid prefix allows nothing.
func TestFetchAllowAddresses(t *testing.T) {
	allowed, _ := pageServerOn(t, "127.0.0.1")
	neighbour, neighbourRequests := pageServerOn(t, "127.0.0.2")
	ctx := t.Context()
	allow := AllowAddresses(netip.MustParsePrefix("127.0.0.1/32"))

	a, err := Fetch(ctx, nil, allowed.URL+"/news", allow)
	require.NoError(t, err, "the allowed address")
	assert.Contains(t, a.Text, "For three winters the footbridge", "the article")

	_, err = Fetch(ctx, nil, neighbour.URL+"/news", allow)
	require.ErrorIs(t, err, feedspec.ErrForbiddenAddress, "the neighbour")
	assert.Contains(t, err.Error(), "refusing to connect to "+neighbour.Listener.Addr().String(), "the refused address")

	from := allowed.URL + "/to?u=" + url.QueryEscape(neighbour.URL+"/news")
	_, err = Fetch(ctx, nil, from, allow)
	require.ErrorIs(t, err, feedspec.ErrForbiddenAddress, "the redirect to the neighbour")
	assert.Equal(t, int32(0), neighbourRequests.Load(), "the neighbour got a request")

	// Lists add up: both are allowed.
	a, err = Fetch(ctx, nil, from, allow, AllowAddresses(netip.MustParsePrefix("127.0.0.2/32")))
	require.NoError(t, err, "both allowed")
	assert.Contains(t, a.Text, "For three winters the footbridge", "the article")
	assert.Equal(t, int32(1), neighbourRequests.Load(), "the neighbour's requests")

	// An invalid or empty prefix refuses as before.
	for _, opt := range []Option{AllowAddresses(), AllowAddresses(netip.Prefix{}), AllowAddresses(netip.PrefixFrom(netip.MustParseAddr("127.0.0.1"), 64))} {
		_, err = Fetch(ctx, nil, allowed.URL+"/news", opt)
		require.ErrorIs(t, err, feedspec.ErrForbiddenAddress, "no valid prefix")
	}

	// One client for one list; the caller's list is copied.
	list := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	opt := AllowAddresses(list...)
	list[0] = netip.MustParsePrefix("0.0.0.0/0")
	c := newConfig([]Option{opt})
	assert.Equal(t, []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, c.allowAddresses, "the list as given")
	assert.Same(t, allowingClients.Get(c.allowAddresses), allowingClients.Get(newConfig([]Option{allow}).allowAddresses), "one client")
	assert.Equal(t, DefaultTimeout, allowingClients.Get(c.allowAddresses).Timeout, "the default timeout")
}
