package feedspec

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The SSRF table: what the guarded transport (GuardTransport, a Fetcher's
// default client) refuses, directly and through redirects, and what the
// opt-out allows.

// forbiddenAddresses are addresses of each class the guard refuses, with
// the kind its error names.
var forbiddenAddresses = []struct {
	addr, kind string
}{
	{"0.0.0.0", "unspecified"},
	{"0.1.2.3", "unspecified"},
	{"127.0.0.1", "loopback"},
	{"127.255.255.254", "loopback"},
	{"10.0.0.1", "private network"},
	{"172.16.0.1", "private network"},
	{"172.31.255.255", "private network"},
	{"192.168.1.1", "private network"},
	{"169.254.169.254", "link-local"}, // the cloud metadata service
	{"169.254.0.1", "link-local"},
	{"100.64.0.1", "carrier-grade NAT"},
	{"100.127.255.254", "carrier-grade NAT"},
	{"224.0.0.1", "multicast"},
	{"239.255.255.250", "multicast"},
	{"255.255.255.255", "broadcast"},
	{"240.0.0.1", "special-purpose or reserved"},
	{"192.0.0.170", "special-purpose or reserved"},
	{"192.0.2.1", "special-purpose or reserved"},    // documentation
	{"198.51.100.1", "special-purpose or reserved"}, // documentation
	{"203.0.113.1", "special-purpose or reserved"},  // documentation
	{"198.18.0.1", "special-purpose or reserved"},   // benchmarking
	{"::", "unspecified"},
	{"::1", "loopback"},
	{"fc00::1", "private network"},
	{"fd12:3456::1", "private network"},
	{"fe80::1", "link-local"},
	{"ff02::1", "multicast"},
	{"ff05::2", "multicast"},
	{"::ffff:127.0.0.1", "loopback"},
	{"::ffff:10.1.2.3", "private network"},
	{"::ffff:169.254.169.254", "link-local"},
	{"64:ff9b::7f00:1", "NAT64"},          // 127.0.0.1
	{"64:ff9b::a9fe:a9fe", "NAT64"},       // 169.254.169.254
	{"64:ff9b:1::a00:1", "special"},       // local-use NAT64
	{"2001:db8::1", "special"},            // documentation
	{"2002:7f00:1::1", "special"},         // 6to4 of 127.0.0.1
	{"100::1", "special"},                 // discard-only
	{"::127.0.0.1", "special"},            // IPv4-compatible (deprecated)
	{"fec0::1", "special"},                // site-local (deprecated)
	{"3fff::1", "special"},                // documentation
	{"2001:0:4136:e378::1", "special"},    // Teredo
	{"2001:10::1", "special"},             // ORCHID
	{"5f00::1", "special-purpose or res"}, // outside global unicast
}

// publicAddresses are public addresses the guard lets through.
var publicAddresses = []string{
	"8.8.8.8", "1.1.1.1", "93.184.215.14", "100.63.255.255", "100.128.0.0",
	"172.15.255.255", "172.32.0.0", "169.253.255.255", "192.167.255.255",
	"223.255.255.255", "2606:4700:4700::1111", "2a00:1450:4007::200e",
	"::ffff:8.8.8.8", "64:ff9b::808:808", "64:ff9b::1.1.1.1",
}

func TestIsPublicAddress(t *testing.T) {
	for _, a := range forbiddenAddresses {
		assert.False(t, IsPublicAddress(netip.MustParseAddr(a.addr)), a.addr)
	}
	for _, a := range publicAddresses {
		assert.True(t, IsPublicAddress(netip.MustParseAddr(a)), a)
	}
	assert.False(t, IsPublicAddress(netip.Addr{}), "the zero Addr")
	assert.False(t, IsPublicAddress(netip.MustParseAddr("fe80::1%eth0")), "a zoned link-local address")
}

// ipv6Sockets reports whether the machine can open IPv6 sockets: the guard
// judges an address only once its socket exists.
func ipv6Sockets(t *testing.T) bool {
	l, err := net.Listen("tcp6", "[::1]:0")
	if err != nil {
		t.Logf("no IPv6 here (%v): the IPv6 addresses are checked by TestIsPublicAddress only", err)
		return false
	}
	_ = l.Close()
	return true
}

// hostPort returns addr with port for a URL ("[::1]:80" for IPv6).
func hostPort(addr string, port string) string {
	return net.JoinHostPort(addr, port)
}

// recordingServer is a loopback server that answers testRSS and counts its
// requests.
func recordingServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		serve([]string{"application/rss+xml"}, []byte(testRSS))(w, r)
	})
	return srv, &n
}

// allowOnly returns a guarded client that also connects to srv's address
// and port (a loopback server standing for a public one): a redirect from
// it goes through the real connect-time check.
func allowOnly(srv *httptest.Server) *http.Client {
	allowed := netip.MustParseAddrPort(srv.Listener.Addr().String())
	return &http.Client{Transport: guardTransport(nil, func(ap netip.AddrPort) bool { return ap == allowed })}
}

// redirector is a loopback server whose /to?u=URL redirects to URL.
func redirector(t *testing.T) *httptest.Server {
	t.Helper()
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if u := r.URL.Query().Get("u"); u != "" {
			http.Redirect(w, r, u, http.StatusFound)
			return
		}
		serve([]string{"application/rss+xml"}, []byte(testRSS))(w, r)
	})
}

// requireForbidden checks that err is Fetch's refusal of address after
// fetching rawURL (through a redirect to target when it is not "").
func requireForbidden(t *testing.T, err error, rawURL, target, address string) {
	t.Helper()
	require.Error(t, err)
	require.ErrorIs(t, err, ErrForbiddenAddress)
	var fe *FetchError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, rawURL, fe.URL)
	var ue *url.Error
	require.ErrorAs(t, err, &ue, "the client's *url.Error")
	var oe *net.OpError
	require.ErrorAs(t, err, &oe, "the dialer's *net.OpError")
	msg := err.Error()
	assert.True(t, strings.HasPrefix(msg, `feedspec: fetching "`+rawURL+`": `), msg)
	if target != "" {
		assert.Contains(t, msg, `following a redirect to "`+target+`": `)
	}
	assert.Contains(t, msg, "refusing to connect to "+address+": ")
	assert.Contains(t, msg, "not a public internet address")
	assert.Equal(t, 1, strings.Count(msg, "feedspec: "), msg)
}

func TestGuardRefusesEachClass(t *testing.T) {
	v6 := ipv6Sockets(t)
	origin := redirector(t)
	f := &Fetcher{Client: allowOnly(origin)}
	// The allowed server itself is reached, and so is a redirect to it.
	res, err := f.Fetch(t.Context(), origin.URL+"/feed.xml", nil)
	require.NoError(t, err)
	require.NotNil(t, res.Feed)
	back := origin.URL + "/to?u=" + url.QueryEscape(origin.URL+"/feed.xml")
	res, err = f.Fetch(t.Context(), back, nil)
	require.NoError(t, err)
	require.NotNil(t, res.Feed)

	for _, a := range forbiddenAddresses {
		ip := netip.MustParseAddr(a.addr)
		if ip.Is6() && !ip.Is4In6() && !v6 {
			continue
		}
		t.Run(a.addr, func(t *testing.T) {
			// A refusal comes before any packet is sent: the context
			// only bounds a broken guard's attempt.
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			target := "http://" + hostPort(a.addr, "8080") + "/feed.xml"
			address := hostPort(ip.Unmap().String(), "8080") // the dialer dials mapped addresses as IPv4
			for _, client := range []struct {
				name string
				f    *Fetcher
			}{{"default client", &Fetcher{}}, {"guarded client", f}} {
				res, err := client.f.Fetch(ctx, target, nil)
				assert.Nil(t, res, client.name)
				requireForbidden(t, err, target, "", address)
			}
			assert.Contains(t, (&Fetcher{}).fetchErr(ctx, target), a.kind)

			// Through a redirect from the allowed server.
			from := origin.URL + "/to?u=" + url.QueryEscape(target)
			res, err := f.Fetch(ctx, from, nil)
			assert.Nil(t, res)
			requireForbidden(t, err, from, target, address)
		})
	}
}

// fetchErr returns the message of f's error fetching rawURL.
func (f *Fetcher) fetchErr(ctx context.Context, rawURL string) string {
	_, err := f.Fetch(ctx, rawURL, nil)
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestGuardRefusesLiveLoopback redirects from the allowed server to a second
// loopback server that is listening, by address, by name (localhost) and by
// IPv4-mapped IPv6 literal: the guard refuses each connection (the server
// gets no request); with AllowPrivateNetworks each is fetched.
func TestGuardRefusesLiveLoopback(t *testing.T) {
	origin := redirector(t)
	internal, requests := recordingServer(t)
	port := strconv.Itoa(internal.Listener.Addr().(*net.TCPAddr).Port)
	p := "127.0.0.1:" + port
	f := &Fetcher{Client: allowOnly(origin)}
	for _, target := range []string{
		internal.URL + "/feed.xml",
		"http://localhost:" + port + "/feed.xml",
		"http://[::ffff:127.0.0.1]:" + port + "/feed.xml",
	} {
		from := origin.URL + "/to?u=" + url.QueryEscape(target)
		res, err := f.Fetch(t.Context(), from, nil)
		assert.Nil(t, res, target)
		require.ErrorIs(t, err, ErrForbiddenAddress, target)
		assert.Contains(t, err.Error(), `following a redirect to "`+target+`": refusing to connect to `)
		if strings.Contains(target, "localhost") {
			// The name resolved to loopback; the error names the address.
			assert.Regexp(t, `refusing to connect to (127\.0\.0\.1|\[::1\]):`, err.Error())
		} else {
			assert.Contains(t, err.Error(), "refusing to connect to "+p+": a loopback address")
		}

		// The default client refuses it directly.
		res, err = (&Fetcher{}).Fetch(t.Context(), target, nil)
		assert.Nil(t, res)
		require.ErrorIs(t, err, ErrForbiddenAddress, target)
		assert.Equal(t, int32(0), requests.Load(), "the internal server got a request")

		// The opt-out reaches it, directly and through the redirect.
		for _, u := range []string{target, from} {
			res, err = (&Fetcher{AllowPrivateNetworks: true}).Fetch(t.Context(), u, nil)
			require.NoError(t, err, u)
			require.NotNil(t, res.Feed, u)
			assert.Equal(t, "Test feed", res.Feed.Title.String())
		}
		requests.Store(0)
	}
}

func TestGuardDefaultRefusesLoopback(t *testing.T) {
	srv, requests := recordingServer(t)
	res, err := (&Fetcher{}).Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	assert.Nil(t, res)
	requireForbidden(t, err, srv.URL+"/feed.xml", "", srv.Listener.Addr().String())
	assert.Equal(t, `feedspec: fetching "`+srv.URL+`/feed.xml": refusing to connect to `+
		srv.Listener.Addr().String()+": a loopback address, not a public internet address", err.Error())
	assert.Equal(t, int32(0), requests.Load())

	// A nil *Fetcher is a zero one.
	var nilFetcher *Fetcher
	_, err = nilFetcher.Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.ErrorIs(t, err, ErrForbiddenAddress)

	// The opt-out, and a client of the caller's, are not guarded.
	res, err = (&Fetcher{AllowPrivateNetworks: true}).Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.NoError(t, err)
	require.NotNil(t, res.Feed)
	res, err = (&Fetcher{Client: srv.Client()}).Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.NoError(t, err)
	require.NotNil(t, res.Feed)
	assert.Equal(t, int32(2), requests.Load())

	// A caller's client with GuardTransport is guarded.
	_, err = (&Fetcher{Client: &http.Client{Transport: GuardTransport(nil)}}).Fetch(t.Context(), srv.URL+"/feed.xml", nil)
	require.ErrorIs(t, err, ErrForbiddenAddress)
	assert.Equal(t, int32(2), requests.Load())
}

func TestGuardTransportCopies(t *testing.T) {
	srv, requests := recordingServer(t)
	var dialed atomic.Int32
	proxyURL, err := url.Parse(srv.URL)
	require.NoError(t, err)
	own := &http.Transport{
		Proxy: http.ProxyURL(proxyURL),
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dialed.Add(1)
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 7,
		DisableCompression:  true,
	}
	g := GuardTransport(own)
	require.NotSame(t, own, g)
	assert.Nil(t, g.Proxy, "a proxy would make the check judge the proxy")
	assert.Nil(t, g.DialTLSContext)
	assert.Equal(t, 7, g.MaxIdleConnsPerHost)
	assert.True(t, g.DisableCompression)
	// t is not changed.
	assert.NotNil(t, own.Proxy)

	// The guarded copy dials with its own dialer, and refuses loopback.
	_, err = (&http.Client{Transport: g}).Get(srv.URL)
	require.ErrorIs(t, err, ErrForbiddenAddress)
	assert.Equal(t, int32(0), dialed.Load())
	assert.Equal(t, int32(0), requests.Load())

	// http.DefaultTransport is copied, not changed.
	d := GuardTransport(nil)
	require.NotSame(t, http.DefaultTransport, d)
	assert.NotNil(t, http.DefaultTransport.(*http.Transport).Proxy)
}

func TestCheckAddressNotAnAddress(t *testing.T) {
	err := checkAddress("example.com:80", nil)
	require.ErrorIs(t, err, ErrForbiddenAddress)
	assert.Contains(t, err.Error(), `refusing to connect to "example.com:80": not an IP address and port`)
	require.NoError(t, checkAddress("8.8.8.8:53", nil))
	require.NoError(t, checkAddress("[2606:4700:4700::1111]:443", nil))
	require.ErrorIs(t, checkAddress("[fe80::1%eth0]:80", nil), ErrForbiddenAddress)
}

func TestFetcherDefaultClients(t *testing.T) {
	assert.Equal(t, 30*time.Second, DefaultFetchTimeout)
	g := guardedClient()
	assert.Same(t, g, guardedClient(), "built once")
	assert.Equal(t, DefaultFetchTimeout, g.Timeout)
	assert.Nil(t, g.CheckRedirect, "http.Client's redirect policy")
	tr, ok := g.Transport.(*http.Transport)
	require.True(t, ok)
	assert.Nil(t, tr.Proxy)
	u := unguardedClient()
	assert.Same(t, u, unguardedClient(), "built once")
	assert.Equal(t, DefaultFetchTimeout, u.Timeout)
	assert.Nil(t, u.Transport, "http.DefaultTransport")

	mine := &http.Client{}
	assert.Same(t, g, (&Fetcher{}).client())
	assert.Same(t, u, (&Fetcher{AllowPrivateNetworks: true}).client())
	assert.Same(t, mine, (&Fetcher{Client: mine}).client())
	assert.Same(t, mine, (&Fetcher{Client: mine, AllowPrivateNetworks: true}).client())
}

// TestFetcherDefaultTimeout checks that the default client's Timeout ends a
// body that trickles: the same client, with its timeout shortened.
func TestFetcherDefaultTimeout(t *testing.T) {
	done := make(chan struct{})
	defer close(done)
	slow := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		_, _ = w.Write([]byte(testRSS[:40]))
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-done:
		}
	})
	c := *unguardedClient()
	c.Timeout = 100 * time.Millisecond
	res, err := (&Fetcher{Client: &c}).Fetch(context.Background(), slow.URL, nil)
	require.Error(t, err)
	require.NotNil(t, res)
	assert.Nil(t, res.Feed)
	assert.Contains(t, err.Error(), "Client.Timeout")
	var ne net.Error
	require.True(t, errors.As(err, &ne) && ne.Timeout(), "a timeout: %v", err)
}
