"""The plain Python 3 loader the data benchmark compares with: standard
library only, split and int per line, values kept in array('q') rows."""
import sys
from array import array


def load(path):
    series = {}
    with open(path, "rb") as f:
        for line in f:
            line = line.split(b"#", 1)[0]
            fields = line.split()
            if not fields:
                continue
            series[fields[0]] = array("q", [0 if v == b"-" else int(v) for v in fields[1:]])
    return series


if __name__ == "__main__":
    s = load(sys.argv[1])
    print(len(s), "lines")
