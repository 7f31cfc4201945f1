package websub

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"strings"
)

// signatureMethod returns the hash function of an X-Hub-Signature
// algorithm name (section 7.1.1: sha1, sha256, sha384, sha512; matched in
// any case) and the length of its digest; nil for any other name.
func signatureMethod(name string) (func() hash.Hash, int) {
	switch strings.ToLower(name) {
	case "sha1":
		return sha1.New, sha1.Size
	case "sha256":
		return sha256.New, sha256.Size
	case "sha384":
		return sha512.New384, sha512.Size384
	case "sha512":
		return sha512.New, sha512.Size
	}
	return nil, 0
}

// parseSignature reads an X-Hub-Signature value, "method=signature" with
// signature the hexadecimal digest (section 7.1), and returns an HMAC of
// the method keyed with secret, to be fed the body, and the digest to
// compare its sum with. ok is false for a value of another form, an
// unknown method, or a digest of the wrong length.
func parseSignature(value, secret string) (mac hash.Hash, want []byte, ok bool) {
	method, sig, found := strings.Cut(strings.TrimSpace(value), "=")
	if !found {
		return nil, nil, false
	}
	newHash, size := signatureMethod(strings.TrimSpace(method))
	sig = strings.TrimSpace(sig)
	if newHash == nil || len(sig) != 2*size {
		return nil, nil, false
	}
	want, err := hex.DecodeString(sig)
	if err != nil {
		return nil, nil, false
	}
	return hmac.New(newHash, []byte(secret)), want, true
}

// signatureMatches compares the HMAC of the body with the digest the header
// gave, in constant time (hmac.Equal).
func signatureMatches(mac hash.Hash, want []byte) bool {
	return hmac.Equal(mac.Sum(nil), want)
}
