package xml5

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// corpusDir holds the shared corpus of real feeds, relative to this
// package's directory.
const corpusDir = "../../shared/corpus/feeds"

// genFeed writes a deterministic RSS 2.0 feed of n items that looks like
// what publishers serve: namespaces, escaped HTML in descriptions, CDATA
// content, entities, attributes, a little non-ASCII text.
func genFeed(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
	<title>Example News &amp; Notes</title>
	<link>https://news.example.com/</link>
	<atom:link href="https://news.example.com/feed.xml" rel="self" type="application/rss+xml"/>
	<description>Daily notes about things — with café culture and more</description>
	<language>en-us</language>
	<lastBuildDate>Mon, 02 Jan 2006 15:04:05 +0000</lastBuildDate>
	<image><url>https://news.example.com/logo.png</url><title>Example</title><link>https://news.example.com/</link></image>
`)
	words := []string{"market", "science", "river", "über", "policy", "garden", "signal", "northern", "data", "résumé", "quantum", "harbor", "festival", "engine", "city"}
	seed := uint32(12345)
	next := func() uint32 {
		seed = seed*1664525 + 1013904223
		return seed >> 8
	}
	sentence := func(k int) string {
		var s []string
		for i := 0; i < k; i++ {
			s = append(s, words[next()%uint32(len(words))])
		}
		return strings.Join(s, " ")
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\t<item>\n\t\t<title>%s</title>\n", sentence(6))
		fmt.Fprintf(&b, "\t\t<link>https://news.example.com/%d/%s</link>\n", 2000+i, strings.ReplaceAll(sentence(3), " ", "-"))
		fmt.Fprintf(&b, "\t\t<guid isPermaLink=\"false\">urn:uuid:%08x-%04x</guid>\n", next(), i)
		fmt.Fprintf(&b, "\t\t<pubDate>Tue, %02d Mar 2021 %02d:%02d:00 GMT</pubDate>\n", 1+i%28, i%24, i%60)
		fmt.Fprintf(&b, "\t\t<dc:creator>%s</dc:creator>\n", sentence(2))
		fmt.Fprintf(&b, "\t\t<category>%s</category><category domain=\"https://news.example.com/tags\">%s</category>\n", sentence(1), sentence(1))
		fmt.Fprintf(&b, "\t\t<description>&lt;p&gt;%s &lt;a href=&quot;https://news.example.com/%d&quot;&gt;more&lt;/a&gt;&lt;/p&gt;</description>\n", sentence(40), i)
		fmt.Fprintf(&b, "\t\t<content:encoded><![CDATA[<p>%s</p><p><img src=\"https://img.example.com/%d.jpg\" alt=\"\"/> %s</p>]]></content:encoded>\n", sentence(80), i, sentence(60))
		if i%3 == 0 {
			fmt.Fprintf(&b, "\t\t<enclosure url=\"https://media.example.com/%d.mp3\" length=\"%d\" type=\"audio/mpeg\"/>\n\t\t<itunes:duration>%d:%02d</itunes:duration>\n", i, 1000000+i*37, i%90, i%60)
		}
		b.WriteString("\t</item>\n")
	}
	b.WriteString("</channel>\n</rss>\n")
	return b.Bytes()
}

func benchParse(b *testing.B, inputs [][]byte) {
	total := 0
	for _, in := range inputs {
		total += len(in)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, in := range inputs {
			_, err := Parse(bytes.NewReader(in))
			require.NoError(b, err)
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&ms1)
	if cpu > 0 {
		// Throughput per CPU second (all threads, GC included):
		// steadier than MB/s when other processes share the machine.
		b.ReportMetric(float64(total)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
	kb := float64(total) / 1024 * float64(b.N)
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/kb, "allocs/KB")
}

// BenchmarkParse parses a generated feed and, when present, every feed of
// the shared corpus.
func BenchmarkParse(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		benchParse(b, [][]byte{genFeed(300)})
	})
	b.Run("corpus", func(b *testing.B) {
		entries, err := os.ReadDir(corpusDir)
		if err != nil {
			b.Skipf("corpus not found in %s", corpusDir)
		}
		var inputs [][]byte
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(corpusDir, e.Name()))
			if err == nil {
				inputs = append(inputs, data)
			}
		}
		benchParse(b, inputs)
	})
}
