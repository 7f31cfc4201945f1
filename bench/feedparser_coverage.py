"""Prints, for every file of a directory, what Python feedparser makes of it.

One line per file, tab-separated: the file name, feedparser's version string
("" when it found no feed), the number of entries, and the number of entries
with none of published_parsed, updated_parsed, created_parsed. Used by
`go run . coverage` (coverage.go).
"""
import os
import sys

import feedparser


def main(directory):
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            continue
        with open(path, 'rb') as f:
            data = f.read()
        result = feedparser.parse(data)
        undated = sum(
            1 for e in result.entries
            if not (e.get('published_parsed') or e.get('updated_parsed') or e.get('created_parsed'))
        )
        print('%s\t%s\t%d\t%d' % (name, result.get('version', ''), len(result.entries), undated))


if __name__ == '__main__':
    main(sys.argv[1])
