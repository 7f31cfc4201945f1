package feedspec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestWriteDebugOne(t *testing.T) {
	path, format := os.Getenv("RT_FILE"), os.Getenv("RT_FORMAT")
	if path == "" {
		t.Skip()
	}
	in, _ := os.ReadFile(path)
	const base = "https://example.com/feeds/feed.xml"
	f, _ := ParseDocument(bytes.NewReader(in), WithURL(base))
	for _, wf := range writeFormats {
		if wf.name != format {
			continue
		}
		var out bytes.Buffer
		wf.write(f, &out)
		if os.Getenv("RT_SHOW") != "" {
			fmt.Println(out.String())
		}
		g, _ := ParseDocument(bytes.NewReader(out.Bytes()), append([]Option{WithURL(base)}, wf.opts...)...)
		want, got := canonicalMap(f), canonicalMap(g)
		writeExpect(format, f, want)
		dropAllSynthesizedLinks(format, got)
		compareObjects("", want, got, compareRules{format == "rss", format != "jsonfeed"}, func(p string) {
			fmt.Println("DIFF", p)
		})
		w, _ := json.MarshalIndent(want, "", " ")
		gg, _ := json.MarshalIndent(got, "", " ")
		os.WriteFile("/tmp/rt_want.json", w, 0o644)
		os.WriteFile("/tmp/rt_got.json", gg, 0o644)
	}
}

func TestWriteDebugIdem(t *testing.T) {
	path, format := os.Getenv("RT_FILE"), os.Getenv("RT_FORMAT")
	if path == "" {
		t.Skip()
	}
	in, _ := os.ReadFile(path)
	const base = "https://example.com/feeds/feed.xml"
	f, _ := ParseDocument(bytes.NewReader(in), WithURL(base))
	for _, wf := range writeFormats {
		if wf.name != format {
			continue
		}
		var out, again bytes.Buffer
		wf.write(f, &out)
		g, _ := ParseDocument(bytes.NewReader(out.Bytes()), append([]Option{WithURL(base)}, wf.opts...)...)
		wf.write(g, &again)
		os.WriteFile("/tmp/rt_1", out.Bytes(), 0o644)
		os.WriteFile("/tmp/rt_2", again.Bytes(), 0o644)
	}
}

func TestWriteDebugConf(t *testing.T) {
	if os.Getenv("RT_CONF") == "" {
		t.Skip()
	}
	_, docs := roundTripDocuments(t)
	os.WriteFile("/tmp/conf.xml", docs["conformance/"+os.Getenv("RT_CONF")], 0o644)
}
