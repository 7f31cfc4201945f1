package feedspec

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The allow list (Fetcher.AllowAddresses, GuardTransportAllowing): the
// private addresses one reader allows are reached, every other one is
// still refused, directly and through a redirect.

// serverOn starts a loopback test server listening on addr (an IP
// address) that answers testRSS, or redirects /to?u=URL to URL, and counts
// its requests. It skips the test when addr cannot be listened on (127.0.0.2
// can on Linux, not everywhere).
func serverOn(t *testing.T, addr string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
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
		serve([]string{"application/rss+xml"}, []byte(testRSS))(w, r)
	}))
	_ = srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &n
}

func TestAllowAddresses(t *testing.T) {
	allowed, allowedRequests := serverOn(t, "127.0.0.1")
	neighbour, neighbourRequests := serverOn(t, "127.0.0.2")
	f := &Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}

	// The allowed address is reached.
	res, err := f.Fetch(t.Context(), allowed.URL+"/feed.xml", nil)
	require.NoError(t, err, "the allowed address")
	require.NotNil(t, res.Feed)
	assert.Equal(t, "Test feed", res.Feed.Title.String(), "the allowed server's feed")
	assert.Equal(t, int32(1), allowedRequests.Load(), "requests to the allowed server")

	// A neighbouring address of the same range (127.0.0.0/8) is refused,
	// before any request.
	target := neighbour.URL + "/feed.xml"
	res, err = f.Fetch(t.Context(), target, nil)
	assert.Nil(t, res, "a refused connection has no result")
	requireForbidden(t, err, target, "", neighbour.Listener.Addr().String())
	assert.Contains(t, err.Error(), "a loopback address", "the refusal names the kind")
	assert.Equal(t, int32(0), neighbourRequests.Load(), "the refused server got a request")

	// A redirect from the allowed host to the refused one is refused; one
	// to the allowed host itself is followed.
	from := allowed.URL + "/to?u=" + url.QueryEscape(target)
	res, err = f.Fetch(t.Context(), from, nil)
	assert.Nil(t, res, "a refused redirect has no result")
	requireForbidden(t, err, from, target, neighbour.Listener.Addr().String())
	assert.Equal(t, int32(0), neighbourRequests.Load(), "the refused server got a request")
	back := allowed.URL + "/to?u=" + url.QueryEscape(allowed.URL+"/feed.xml")
	res, err = f.Fetch(t.Context(), back, nil)
	require.NoError(t, err, "a redirect to the allowed host")
	assert.Equal(t, allowed.URL+"/feed.xml", res.URL, "the redirect's URL")

	// The other private ranges stay refused.
	for _, a := range forbiddenAddresses {
		ip := netip.MustParseAddr(a.addr)
		if ip.Is6() && !ip.Is4In6() {
			continue // TestGuardRefusesEachClass covers them where IPv6 works
		}
		if ip.Unmap() == netip.MustParseAddr("127.0.0.1") {
			continue
		}
		target := "http://" + hostPort(a.addr, "8080") + "/feed.xml"
		_, err := f.Fetch(t.Context(), target, nil)
		requireForbidden(t, err, target, "", hostPort(ip.Unmap().String(), "8080"))
	}

	// The same list, in any order and with duplicates and invalid
	// prefixes, is the same client; the transport is a guarded one.
	same := &Fetcher{AllowAddresses: []netip.Prefix{{}, netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("127.0.0.1/32")}}
	assert.Same(t, f.client(), same.client(), "one client for one list")
	assert.NotSame(t, guardedClient(), f.client(), "the list's own client")
	assert.Equal(t, DefaultFetchTimeout, f.client().Timeout, "the default timeout")
	tr, ok := f.client().Transport.(*http.Transport)
	require.True(t, ok, "an *http.Transport")
	assert.Nil(t, tr.Proxy, "no proxy, as GuardTransport")

	// AllowPrivateNetworks allows everything anyway; a caller's Client is
	// used as it is.
	assert.Same(t, unguardedClient(), (&Fetcher{AllowPrivateNetworks: true, AllowAddresses: f.AllowAddresses}).client(), "AllowPrivateNetworks")
	mine := &http.Client{}
	assert.Same(t, mine, (&Fetcher{Client: mine, AllowAddresses: f.AllowAddresses}).client(), "the caller's client")
}

// TestAllowAddressesBadPrefixes: an invalid or empty prefix refuses as
// before; 0.0.0.0/0 is taken as written and allows every IPv4 address.
func TestAllowAddressesBadPrefixes(t *testing.T) {
	srv, requests := serverOn(t, "127.0.0.1")
	target := srv.URL + "/feed.xml"
	for name, list := range map[string][]netip.Prefix{
		"empty":              {},
		"the zero Prefix":    {{}},
		"bits out of range":  {netip.PrefixFrom(netip.MustParseAddr("127.0.0.1"), 33)},
		"negative bits":      {netip.PrefixFrom(netip.MustParseAddr("127.0.0.1"), -1)},
		"a zero Addr's bits": {netip.PrefixFrom(netip.Addr{}, 8)},
	} {
		f := &Fetcher{AllowAddresses: list}
		assert.Same(t, guardedClient(), f.client(), "%s: the guarded client", name)
		_, err := f.Fetch(t.Context(), target, nil)
		requireForbidden(t, err, target, "", srv.Listener.Addr().String())
		assert.Nil(t, allowing(list), "%s: no check of allowed addresses", name)
		_, err = (&http.Client{Transport: GuardTransportAllowing(nil, list...)}).Get(target)
		require.ErrorIs(t, err, ErrForbiddenAddress, "%s: GuardTransportAllowing refuses", name)
	}
	assert.Equal(t, int32(0), requests.Load(), "the server got a request")

	// 0.0.0.0/0 allows every IPv4 address, loopback included.
	wide := &Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("0.0.0.0/0")}}
	res, err := wide.Fetch(t.Context(), target, nil)
	require.NoError(t, err, "0.0.0.0/0 allows loopback")
	require.NotNil(t, res.Feed)
	assert.Equal(t, int32(1), requests.Load(), "the server's requests")
	// A prefix written with host bits (127.0.0.1/8) is the range it masks.
	_, err = (&Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("127.9.9.9/8")}}).Fetch(t.Context(), target, nil)
	require.NoError(t, err, "127.9.9.9/8 is 127.0.0.0/8")
	// An IPv6 prefix does not allow an IPv4 address; an IPv4-mapped one
	// does.
	_, err = (&Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("::/0")}}).Fetch(t.Context(), target, nil)
	require.ErrorIs(t, err, ErrForbiddenAddress, "::/0 holds no IPv4 address")
	_, err = (&Fetcher{AllowAddresses: []netip.Prefix{netip.MustParsePrefix("::ffff:127.0.0.1/128")}}).Fetch(t.Context(), target, nil)
	require.NoError(t, err, "an IPv4-mapped prefix")
}

// TestGuardTransportAllowing: the transport of a caller's own client.
func TestGuardTransportAllowing(t *testing.T) {
	allowed, _ := serverOn(t, "127.0.0.1")
	neighbour, neighbourRequests := serverOn(t, "127.0.0.2")
	c := &http.Client{Transport: GuardTransportAllowing(nil, netip.MustParsePrefix("127.0.0.1/32"))}
	res, err := c.Get(allowed.URL + "/feed.xml")
	require.NoError(t, err, "the allowed address")
	_ = res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode, "the allowed server's answer")
	_, err = c.Get(neighbour.URL + "/feed.xml")
	require.ErrorIs(t, err, ErrForbiddenAddress, "the neighbour")
	_, err = c.Get(allowed.URL + "/to?u=" + url.QueryEscape(neighbour.URL+"/feed.xml"))
	require.ErrorIs(t, err, ErrForbiddenAddress, "the redirect to the neighbour")
	assert.Equal(t, int32(0), neighbourRequests.Load(), "the neighbour got a request")

	// Two prefixes allow both.
	both := &http.Client{Transport: GuardTransportAllowing(nil, netip.MustParsePrefix("127.0.0.2/32"), netip.MustParsePrefix("127.0.0.1/32"))}
	res, err = both.Get(allowed.URL + "/to?u=" + url.QueryEscape(neighbour.URL+"/feed.xml"))
	require.NoError(t, err, "both allowed")
	_ = res.Body.Close()
	assert.Equal(t, int32(1), neighbourRequests.Load(), "the neighbour's requests")
}

func TestCheckAddressAllowing(t *testing.T) {
	allow := allowing([]netip.Prefix{netip.MustParsePrefix("192.168.1.20/32"), netip.MustParsePrefix("fe80::/10"), {}})
	require.NotNil(t, allow, "two valid prefixes")
	for _, tc := range []struct {
		address string
		ok      bool
	}{
		{"192.168.1.20:80", true},
		{"192.168.1.20:8443", true}, // any port
		{"192.168.1.21:80", false},
		{"192.168.1.19:80", false},
		{"10.0.0.1:80", false},
		{"169.254.169.254:80", false},
		{"[::ffff:192.168.1.20]:80", true},  // IPv4-mapped: as IPv4
		{"[::ffff:192.168.1.21]:80", false}, // and so refused as IPv4
		{"[64:ff9b::c0a8:114]:80", false},   // NAT64 of 192.168.1.20: not compared as IPv4
		{"[fe80::1%eth0]:80", true},         // the zone left out
		{"[fe80::1]:80", true},
		{"[fc00::1]:80", false},
		{"[::1]:80", false},
		{"8.8.8.8:53", true}, // public
		{"example.com:80", false},
	} {
		err := checkAddress(tc.address, allow)
		if tc.ok {
			assert.NoError(t, err, tc.address)
		} else {
			assert.ErrorIs(t, err, ErrForbiddenAddress, tc.address)
		}
	}
}
