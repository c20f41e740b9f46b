// hcl-tokens prints the reference scanner's tokens of a native-syntax file,
// one per line: the token type's name, start and end byte. It is the
// oracle for the formatter's scanner (src/format/scan.rs); build it with
// `scripts/go-harness.sh hcl-tokens` (no binary is kept in the repository).
package main

import (
	"fmt"
	"io/ioutil"
	"os"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

func main() {
	for _, path := range os.Args[1:] {
		src, err := ioutil.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		toks, _ := hclsyntax.LexConfig(src, path, hcl.Pos{Byte: 0, Line: 1, Column: 1})
		for _, t := range toks {
			fmt.Printf("%s %d %d\n", t.Type.String(), t.Range.Start.Byte, t.Range.End.Byte)
		}
	}
}
