# try and can called with values (each argument evaluates to itself); their
# lazy evaluation of expressions is in
# grammar-tests/functions-and-function-calls/eval/try_and_can.hcleval.


def cases(case):
    case("try", '"a"')
    case("try", "1", "2")
    case("try", "null", "1")
    case("try", "ns", '"x"')
    case("try", "un", "1")
    case("try", "pl", '"x"')
    case("try", "[1, 2]")
    case("try", "{a = 1}")
    case("try", 'tolist(["a"])', "1")
    case("try", "dyn")
    case("try")
    case("can", "1")
    case("can", "null")
    case("can", "un")
    case("can", "pl")
    case("can", "[]")
    case("can", "{}")
    case("can", '"x"')
    case("can", "dyn")
    case("can", "nl")
    case("can")
    case("can", "1", "2")
