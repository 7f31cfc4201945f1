package feedspec

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"syscall"
	"time"

	"code.dny.dev/ssrf"

	"github.com/feedspec/feedspec/internal/allowlist"
)

// guardDialTimeout and guardKeepAlive are the guarded dialer's connect
// timeout and keep-alive period: http.DefaultTransport's.
const (
	guardDialTimeout = 30 * time.Second
	guardKeepAlive   = 30 * time.Second
)

// publicGuard judges addresses: every block of the IANA IPv4 and IPv6
// special-purpose address registries is refused, and for IPv6 everything
// outside global unicast (2000::/3); any port. The lists are those of
// code.dny.dev/ssrf, generated from the registries.
var publicGuard = ssrf.New(ssrf.WithAnyPort())

// nat64 is the well-known NAT64 prefix (RFC 6052), whose addresses embed an
// IPv4 address in their last 32 bits.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// cgnat is the shared address space of carrier-grade NAT (RFC 6598).
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// IsPublicAddress reports whether addr is a public internet address: one a
// guarded transport (GuardTransport) connects to. It is false for an
// invalid address and for:
//
//   - unspecified addresses (0.0.0.0/8, "this network", and ::);
//   - loopback (127.0.0.0/8, ::1);
//   - private networks (RFC 1918: 10.0.0.0/8, 172.16.0.0/12,
//     192.168.0.0/16; unique local IPv6, fc00::/7);
//   - link-local (169.254.0.0/16, fe80::/10), which holds the cloud
//     providers' metadata services (169.254.169.254);
//   - shared address space (carrier-grade NAT, 100.64.0.0/10);
//   - multicast (224.0.0.0/4, ff00::/8), and the reserved 240.0.0.0/4 with
//     the broadcast address 255.255.255.255;
//   - the other special-purpose blocks of the IANA registries: IETF
//     protocol assignments (192.0.0.0/24, 2001::/23), documentation
//     (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32,
//     3fff::/20), benchmarking (198.18.0.0/15, which some proxies and
//     "fake IP" DNS resolvers use inside a network), AS112 and AMT, the
//     6to4 relay anycast (192.88.99.0/24) and 6to4 (2002::/16);
//   - every other IPv6 address outside global unicast (2000::/3): the
//     discard prefix 100::/64, the local-use NAT64 prefix 64:ff9b:1::/48,
//     IPv4-compatible addresses, and the unassigned space.
//
// An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4
// address it maps, and so is one of the well-known NAT64 prefix
// (64:ff9b::/96, RFC 6052): 64:ff9b::7f00:1 is loopback, while
// 64:ff9b::203.0.114.1 is public, so that a reader on an IPv6-only network
// with DNS64 still reaches IPv4-only feeds.
func IsPublicAddress(addr netip.Addr) bool {
	if !addr.IsValid() {
		return false
	}
	addr = addr.Unmap()
	if nat64.Contains(addr) {
		b := addr.As16()
		addr = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	}
	return publicGuard.SafeAddr(addr.WithZone("")) == nil
}

// A forbiddenAddressError is the error of a connection refused by a guarded
// dialer: it names the address and matches ErrForbiddenAddress.
type forbiddenAddressError struct {
	address string // as the dialer gave it: "ip:port"
	kind    string // what kind of address it is
}

func (e *forbiddenAddressError) Error() string {
	return errPrefix + "refusing to connect to " + e.address + ": " + e.kind + ", not a public internet address"
}

func (e *forbiddenAddressError) Unwrap() error { return ErrForbiddenAddress }

// addressKind names the kind of a non-public address, for the error.
func addressKind(addr netip.Addr) string {
	addr = addr.Unmap()
	if nat64.Contains(addr) {
		return "a NAT64 address of a non-public IPv4 address"
	}
	switch {
	case addr.IsUnspecified() || (addr.Is4() && addr.As4()[0] == 0):
		return "an unspecified address"
	case addr.IsLoopback():
		return "a loopback address"
	case addr.IsPrivate():
		return "a private network address"
	case addr.IsLinkLocalUnicast():
		return "a link-local address"
	case cgnat.Contains(addr):
		return "a shared (carrier-grade NAT) address"
	case addr.IsMulticast():
		return "a multicast address"
	case addr == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return "the broadcast address"
	}
	return "a special-purpose or reserved address"
}

// checkAddress is the guarded dialer's check: it runs once the address is
// resolved, before the connection is opened, and refuses an address that is
// not public, unless allow (tests only) accepts it.
func checkAddress(address string, allow func(netip.AddrPort) bool) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		// Not an IP address and port: refused, as nothing can be said
		// about where it leads.
		return &forbiddenAddressError{address: strconv.Quote(address), kind: "not an IP address and port"}
	}
	if !IsPublicAddress(ap.Addr()) && (allow == nil || !allow(ap)) {
		return &forbiddenAddressError{address: address, kind: addressKind(ap.Addr())}
	}
	return nil
}

// GuardTransport returns a copy of t (of http.DefaultTransport when t is
// nil) that refuses to connect to an address that is not public (see
// IsPublicAddress): loopback, private networks, link-local (the cloud
// metadata service), and the other special-purpose addresses. A Fetcher
// whose Client is nil uses such a transport unless AllowPrivateNetworks is
// set (GuardTransportAllowing's, with AllowAddresses); give the same guard
// to your own client with
//
//	client := &http.Client{
//		Transport: feedspec.GuardTransport(nil),
//		Timeout:   30 * time.Second,
//	}
//	fetcher := &feedspec.Fetcher{Client: client}
//
// The check runs when a connection is opened, on the address the host name
// resolved to (a net.Dialer's Control function), so it covers every
// redirect the client follows and a name that resolves to a public address
// when checked and to a private one when used (DNS rebinding). The refused
// connection's error (a *net.OpError inside the client's *url.Error) names
// the address and matches ErrForbiddenAddress with errors.Is.
//
// The copy dials with its own net.Dialer (30-second connect timeout and
// keep-alive, as http.DefaultTransport's): t's DialContext, DialTLSContext,
// Dial and DialTLS are not kept, as a dialer of t's own would escape the
// check. Everything else of t (TLS configuration, connection pool limits,
// HTTP/2, ...) is kept.
//
// The copy makes no use of a proxy: its Proxy is nil, whatever t's (and
// http.DefaultTransport reads HTTP_PROXY and HTTPS_PROXY from the
// environment). Through a proxy, the connection the check sees is the
// proxy's, not the feed's: it would refuse a proxy on the local network
// and let a public proxy reach any address. A reader that must go through a
// proxy should have the proxy refuse private destinations, and give the
// Fetcher a client with its own transport, unguarded.
func GuardTransport(t *http.Transport) *http.Transport {
	return guardTransport(t, nil)
}

// GuardTransportAllowing is GuardTransport, except that it also connects
// to the addresses of allow: the private addresses one reader trusts (its
// own LAN host, 192.168.1.20/32; a test server on loopback,
// 127.0.0.1/32), on any port, while every other address that is not
// public is refused as GuardTransport refuses it, whether the URL or a
// redirect leads there. A Fetcher with AllowAddresses uses such a
// transport.
//
// A prefix is taken as written, and may be wider than the private range
// it is meant for: 0.0.0.0/0 allows every IPv4 address, the cloud
// metadata service's 169.254.169.254 included, and ::/0 every IPv6
// address. Allow the fewest addresses that do: a single address is a /32
// (IPv4) or /128 (IPv6) prefix (netip.PrefixFrom(addr, addr.BitLen())).
// An invalid prefix, the zero netip.Prefix among them, allows nothing,
// and GuardTransportAllowing with no valid prefix is GuardTransport. A
// prefix is compared with the address the dialer connects to, without its
// zone (fe80::/10 covers fe80::1%eth0), and an IPv4-mapped address
// (::ffff:10.0.0.1) is compared as the IPv4 address it maps; an address
// of the NAT64 prefix (64:ff9b::/96) is not compared as its IPv4 address.
// Each connection compares its address with each prefix: keep the list
// short.
func GuardTransportAllowing(t *http.Transport, allow ...netip.Prefix) *http.Transport {
	return guardTransport(t, allowing(allow))
}

// allowing returns the check of GuardTransportAllowing's prefixes: nil
// when none is valid.
func allowing(allow []netip.Prefix) func(netip.AddrPort) bool {
	canon := allowlist.Canonical(allow)
	if len(canon) == 0 {
		return nil
	}
	return func(ap netip.AddrPort) bool { return allowlist.Contains(canon, ap.Addr()) }
}

// guardTransport is GuardTransport; allow, when not nil, accepts addresses
// the guard would refuse (GuardTransportAllowing's prefixes; tests mark a
// loopback server allowed with it).
func guardTransport(t *http.Transport, allow func(netip.AddrPort) bool) *http.Transport {
	if t == nil {
		if dt, ok := http.DefaultTransport.(*http.Transport); ok {
			t = dt
		} else {
			t = &http.Transport{}
		}
	}
	g := t.Clone()
	g.Proxy = nil
	g.DialTLSContext = nil
	//lint:ignore SA1019 cleared: it would escape the check
	g.DialTLS = nil
	//lint:ignore SA1019 cleared: it would escape the check
	g.Dial = nil
	dialer := &net.Dialer{
		Timeout:   guardDialTimeout,
		KeepAlive: guardKeepAlive,
		Control: func(_, address string, _ syscall.RawConn) error {
			return checkAddress(address, allow)
		},
	}
	g.DialContext = dialer.DialContext
	return g
}
