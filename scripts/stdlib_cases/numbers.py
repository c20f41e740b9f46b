"""Cases for the number, encoding and date functions of issue 22: `ceil`,
`floor`, `int`, `log`, `parseint`, `pow`, `signum`, `jsondecode`,
`csvdecode` and `formatdate`.

The reference computes `log` and `pow` in 64-bit floating point; we work
them out from the exact arguments (exact, or to 512 bits), so most of their
answers differ and are recorded below as ours (`D-float-functions`).
"""
from oracle_batch import RawNumber


def num(text):
    return {"type": "number", "value": RawNumber(text)}


def cases(case):
    # ------------------------------------------------------------ ceil, floor
    for f in ["ceil", "floor"]:
        case(f, "1.5")
        case(f, "-1.5")
        case(f, "7")
        case(f, "-0.0001")
        case(f, "0")
        case(f, "1/3")
        case(f, "1e300 + 0.5")
        case(f, "-1e300 - 0.5")
        case(f, "1/0")
        case(f, "-1/0")
        case(f, '"2.5"')
        case(f, "un")
        case(f, "dyn")
        case(f, "nn")
        case(f, '"x"')
        case(f, "true")
        case(f)

    # -------------------------------------------------------------------- int
    case("int", "1.9")
    case("int", "-1.9")
    case("int", "5")
    case("int", "0.5")
    case("int", "-0.5")
    case("int", "123456789012345678901234567890.75")
    case("int", "2/3")
    case("int", '"-7.25"')
    case("int", "1/0")
    case("int", "-1/0")
    case("int", "un")
    case("int", "dyn")
    case("int", "nn")
    case("int", "[]")

    # ----------------------------------------------------------------- signum
    case("signum", "-5")
    case("signum", "0")
    case("signum", "12")
    case("signum", "9223372036854775807")
    case("signum", "-9223372036854775808")
    case("signum", "9223372036854775808")
    case("signum", "0.5")
    case("signum", "-1/0")
    case("signum", '"-3"')
    case("signum", "un")
    case("signum", "dyn")
    case("signum", "nn")
    case("signum", '"x"')

    # --------------------------------------------------------------- parseint
    case("parseint", '"100"', "10")
    case("parseint", '"FF"', "16")
    case("parseint", '"ff"', "16")
    case("parseint", '"-1010"', "2")
    case("parseint", '"+777"', "8")
    case("parseint", '"zZ"', "62")
    case("parseint", '"Zz"', "36")
    case("parseint", '"A"', "37")
    case("parseint", '"0"', "2")
    case("parseint", '"000123"', "10")
    case("parseint", '"123456789012345678901234567890123456789"', "10")
    case("parseint", '"ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"', "62")
    case("parseint", '"12"', "2")
    case("parseint", '""', "10")
    case("parseint", '"-"', "10")
    case("parseint", '"1_000"', "10")
    case("parseint", '" 1"', "10")
    case("parseint", '"0x1f"', "16")
    case("parseint", '"1.5"', "10")
    case("parseint", '"é"', "62")
    case("parseint", '"1"', "1")
    case("parseint", '"1"', "63")
    case("parseint", '"1"', "10.5")
    case("parseint", "12", "10")
    case("parseint", "true", "10")
    case("parseint", '"10"', '"16"')
    case("parseint", "us", "10")
    case("parseint", '"10"', "un")
    case("parseint", "dyn", "10")
    case("parseint", '"10"', "dyn")
    case("parseint", "ns", "10")
    case("parseint", '"10"', "nn")
    case("parseint", "un", "10")

    # -------------------------------------------------------------------- pow
    case("pow", "2", "10")
    case("pow", "2", "-2")
    case("pow", "-2", "3")
    case("pow", "-2", "-3")
    case("pow", "0.5", "3")
    case("pow", "1.5", "2")
    case("pow", "10", "0")
    case("pow", "0", "0")
    case("pow", "0", "5")
    case("pow", "0", "-1")
    case("pow", "1", "1/0")
    case("pow", "4", "0.5")
    case("pow", "8", "1/3")
    case("pow", "2", "0.5")
    case("pow", "2", "-0.5")
    case("pow", "10", "0.001")
    case("pow", "3", "40")
    case("pow", "7", "22")
    case("pow", "10", "400")
    case("pow", "0.1", "3")
    case("pow", "2", "1e9")
    case("pow", "0.5", "1e9")
    case("pow", "-8", "1/3")
    case("pow", "-2", "0.5")
    case("pow", "2", "1/0")
    case("pow", "2", "-1/0")
    case("pow", "0.5", "1/0")
    case("pow", "-1", "1/0")
    case("pow", "1/0", "2")
    case("pow", "1/0", "-2")
    case("pow", "-1/0", "3")
    case("pow", "-1/0", "2")
    case("pow", "1e400", "1")
    case("pow", '"2"', '"3"')
    case("pow", "un", "2")
    case("pow", "2", "un")
    case("pow", "dyn", "2")
    case("pow", "nn", "2")
    case("pow", "2", "nn")
    case("pow", '"x"', "2")

    # -------------------------------------------------------------------- log
    case("log", "8", "2")
    case("log", "100", "10")
    case("log", "1000", "10")
    case("log", "0.5", "2")
    case("log", "2", "4")
    case("log", "27", "3")
    case("log", "10", "2")
    case("log", "2", "8")
    case("log", "1", "10")
    case("log", "0", "10")
    case("log", "10", "1")
    case("log", "10", "0")
    case("log", "0", "0.5")
    case("log", "1/0", "10")
    case("log", "1e400", "10")
    case("log", "1e-400", "10")
    case("log", "-1", "10")
    case("log", "10", "-2")
    case("log", "1", "1")
    case("log", "0", "0")
    case("log", "1/0", "1/0")
    case("log", "-1/0", "2")
    case("log", '"16"', '"2"')
    case("log", "un", "10")
    case("log", "10", "dyn")
    case("log", "nn", "10")
    case("log", '"x"', "2")

    # ------------------------------------------------------------- jsondecode
    case("jsondecode", r'"{\"a\": 1, \"b\": [true, null, \"x\"]}"')
    case("jsondecode", r'"[]"')
    case("jsondecode", r'"{}"')
    case("jsondecode", r'"  null "')
    case("jsondecode", r'"\"caf\\u00e9 \\ud83d\\ude00 \\ud800\\n\""')
    case("jsondecode", r'"[1e400, -0.0, 1.5E+2, 0.1, -12]"')
    case("jsondecode", r'"123456789012345678901234567890.5"')
    case("jsondecode", r'"{\"a\": 1, \"a\": \"x\"}"')
    case("jsondecode", r'"{\"b\": {\"c\": [[], {}]}, \"a\": false}"')
    case("jsondecode", r'"\t[1]\r\n"')
    case("jsondecode", r'"1]"')
    case("jsondecode", r'"[1] } junk"')
    case("jsondecode", r'"\"ünïcødé\""')
    case("jsondecode", r'""')
    case("jsondecode", r'"   "')
    case("jsondecode", r'"[1,]"')
    case("jsondecode", r'"{\"a\" 1}"')
    case("jsondecode", r'"{a: 1}"')
    case("jsondecode", r'"1 2"')
    case("jsondecode", r'"01"')
    case("jsondecode", r'"[1"')
    case("jsondecode", r'"tru"')
    case("jsondecode", r'"\"\\x\""')
    case("jsondecode", r'"\"a\tb\""')
    case("jsondecode", r'"-"')
    case("jsondecode", r'"1."')
    case("jsondecode", r'"NaN"')
    case("jsondecode", "us")
    case("jsondecode", "dyn")
    case("jsondecode", "ns")
    case("jsondecode", "5")

    # -------------------------------------------------------------- csvdecode
    case("csvdecode", r'"a,b\n1,2\n3,4\n"')
    case("csvdecode", r'"a,b\r\n\"x\"\"y\",\"2\r\n3\"\r\n"')
    case("csvdecode", r'"a,b"')
    case("csvdecode", r'"a,b\n,\n"')
    case("csvdecode", r'"\n\na\n\n1\n\n"')
    case("csvdecode", r'"a\n\n\nx\r"')
    case("csvdecode", r'"name,città\nÖrjan, Zürich \n"')
    case("csvdecode", r'"a b,c\n \"1\",2"')
    case("csvdecode", r'"a,b\n\"1,5\",\"\"\n"')
    case("csvdecode", r'"a\r\nx\ry\r\n"')
    case("csvdecode", r'",\n1,2"')
    # the last line loses one \r at its end, not two; \r\n is a line end
    case("csvdecode", r'"b\r\r"')
    case("csvdecode", r'"\", \r\n \r \"\r\r"')
    case("csvdecode", r'""')
    case("csvdecode", r'"\n\n"')
    case("csvdecode", r'"a,a\n1,2"')
    case("csvdecode", r'"a,b\n1\n"')
    case("csvdecode", r'"a,b\n1,2,3\n"')
    case("csvdecode", r'"a b,\"c\" \n1,2"')
    case("csvdecode", r'"a\nx\"y\n"')
    case("csvdecode", r'"a\n\"x\n"')
    case("csvdecode", r'"\"a\nb\"\n1"')
    case("csvdecode", "us")
    case("csvdecode", "dyn")
    case("csvdecode", "ns")
    case("csvdecode", "[]")

    # ------------------------------------------------------------- formatdate
    ts = '"2017-11-22T00:00:00Z"'
    case("formatdate", '"YYYY-MM-DD hh:mm:ss ZZZZZ ZZZZ ZZZ Z"', ts)
    case("formatdate", '"DD MMM YYYY hh:mm ZZZ"', '"2018-01-02T23:12:01-08:00"')
    case("formatdate", '"EEEE, MMMM D, YYYY h:m:s"', '"2024-02-29T07:05:09+05:30"')
    case("formatdate", '"EEE YY M H HH AA aa"', '"2024-02-29T13:05:06,123-00:00"')
    case("formatdate", '"H AA"', '"2023-02-28T00:05:06.5Z"')
    case("formatdate", '"H:mm aa"', '"2023-02-28T12:00:00Z"')
    case("formatdate", '"YYYY-MM-DD ZZZZZ ZZZZ ZZZ Z"', '"2017-11-22T00:00:00+99:99"')
    case("formatdate", '"YYYY YY M D h"', '"0001-02-03T4:05:06Z"')
    case("formatdate", '"EEEE"', '"1900-02-28T00:00:00Z"')
    case("formatdate", '"ZZZ Z"', '"2000-01-01T00:00:00-00:00"')
    case("formatdate", '"ZZZ"', '"2023-02-28T23:05:06-00:30"')
    case("formatdate", '"\'it\'\'s\' \'\' h\'h\'"', ts)
    case("formatdate", '"\'abc\'\'"', ts)
    case("formatdate", '"é D! — 🙂"', ts)
    case("formatdate", '""', ts)
    case("formatdate", '"YYYYY"', ts)
    case("formatdate", '"ZZ"', ts)
    case("formatdate", '"a"', ts)
    case("formatdate", '"x"', ts)
    case("formatdate", '"hhh"', ts)
    case("formatdate", '"\'abc"', ts)
    case("formatdate", '"\'"', ts)
    case("formatdate", '"D"', '"2023-02-29T13:05:06Z"')
    case("formatdate", '"D"', '"2024-13-01T00:00:00Z"')
    case("formatdate", '"D"', '"2023-02-28T24:05:06Z"')
    case("formatdate", '"D"', '"2023-02-28t23:05:06Z"')
    case("formatdate", '"D"', '"2023-02-28T23:05:06z"')
    case("formatdate", '"D"', '"2023-02-28T23:05:60Z"')
    case("formatdate", '"D"', '"2023-02-28T23:05:06.Z"')
    case("formatdate", '"D"', '"2023-02-28T23:05:06+05:30 "')
    case("formatdate", '"D"', '"2023-02-28"')
    case("formatdate", '"D"', '"-001-02-03T04:05:06Z"')
    case("formatdate", '"D"', '"2023-2-28T23:05:06Z"')
    case("formatdate", '"D"', '"2023-02-28T23:05:06+0530"')
    case("formatdate", '"D"', '""')
    case("formatdate", "us", ts)
    case("formatdate", '"D"', "us")
    case("formatdate", "dyn", ts)
    case("formatdate", "ns", ts)
    case("formatdate", '"D"', "ns")
    case("formatdate", "1", '"2023-02-28T23:05:06Z"')


DEVIATIONS = {
    # 64-bit floating point in the reference: rounded powers and
    # logarithms (`pow(3, 40)` loses its last digits, `log(1000, 10)` is
    # 2.9999999999999996), and arguments beyond 1.8e308 rejected
    "pow(8, 1/3)": ("D-float-functions", num("2")),
    "pow(2, 0.5)": ("D-float-functions", num("1.4142135623730950488016887242096980785696718753769480731766797379907324784621070388503875343276415727350138462309122970249248360558507372126441214970999359")),
    "pow(2, -0.5)": ("D-float-functions", num("0.7071067811865475244008443621048490392848359376884740365883398689953662392310535194251937671638207863675069231154561485124624180279253686063220607485499679")),
    "pow(10, 0.001)": ("D-float-functions", num("1.0023052380778996719154048893281105540536684535421606464116348523047431367720401367684931111189019946079963506459993370685533820474098775486727613580173022")),
    "pow(3, 40)": ("D-float-functions", num("12157665459056928801")),
    "pow(7, 22)": ("D-float-functions", num("3909821048582988049")),
    "pow(0.1, 3)": ("D-float-functions", num("0.001")),
    "log(1000, 10)": ("D-float-functions", num("3")),
    "log(27, 3)": ("D-float-functions", num("3")),
    "log(10, 2)": ("D-float-functions", num("3.3219280948873623478703194294893901758648313930245806120547563958159347766086252158501397433593701550996573717102502518268240969842635268882753027729986554")),
    "log(2, 8)": ("D-float-functions", num("0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335")),
    "log(1e400, 10)": ("D-float-functions", num("400")),
    "log(1e-400, 10)": ("D-float-functions", num("-400")),
    "pow(10, 400)": ("D-float-functions", num("1" + "0" * 400)),
    "pow(1e400, 1)": ("D-float-functions", num("1" + "0" * 400)),
    # the reference's float overflows to +Inf; ours is past the magnitude
    # limit, found before any work
    "pow(2, 1e9)": ("D-number-overflow", {"error": "the number is too large to represent"}),
}
