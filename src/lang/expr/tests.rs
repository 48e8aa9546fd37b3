//! Precedence and error tables, and the property test: random trees printed
//! with the fewest parentheses C needs, read back, evaluated, and compared
//! with the reference evaluator on the tree as generated.

use super::*;

fn eval(src: &str, width: u32) -> Result<u64, ExprError> {
    let vars = Vars {
        x: 0b0110_1000,
        y: 3,
        z: 0,
    };
    evaluate(src, width, vars).map(|t| match t.result {
        crate::bits::trace::Outcome::Word(w) => w.bits,
        _ => unreachable!("the lab's result is a word"),
    })
}

/// The tree fully parenthesized, to compare shapes.
fn shape(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Lit(v) => v.to_string(),
        ExprKind::Var(v) => v.name().to_string(),
        ExprKind::Unary(op, a) => format!("{}{}", op.symbol(), shape(a)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", shape(a), op.symbol(), shape(b)),
    }
}

#[test]
fn precedence_follows_c() {
    let shapes = [
        ("1 + 2 * 3", "(1 + (2 * 3))"),
        ("1 * 2 + 3", "((1 * 2) + 3)"),
        ("1 << 2 + 3", "(1 << (2 + 3))"),
        ("1 < 2 << 3", "(1 < (2 << 3))"),
        ("1 == 2 < 3", "(1 == (2 < 3))"),
        ("1 & 2 == 3", "(1 & (2 == 3))"),
        ("1 ^ 2 & 3", "(1 ^ (2 & 3))"),
        ("1 | 2 ^ 3", "(1 | (2 ^ 3))"),
        ("1 | 2 & 3 ^ 4", "(1 | ((2 & 3) ^ 4))"),
        ("-x * 2", "(-x * 2)"),
        ("~x & !y", "(~x & !y)"),
        ("--x", "--x"),
        ("x - -1", "(x - -1)"),
        ("8 - 2 - 1", "((8 - 2) - 1)"),
        ("64 / 4 / 2", "((64 / 4) / 2)"),
        ("1 << 2 >> 1", "((1 << 2) >> 1)"),
        ("1 < 2 >= 0", "((1 < 2) >= 0)"),
        ("1 != 2 == 1", "((1 != 2) == 1)"),
        ("(1 + 2) * 3", "((1 + 2) * 3)"),
        ("x % y * z", "((x % y) * z)"),
    ];
    for (src, want) in shapes {
        assert_eq!(shape(&parse(src, 64).unwrap()), want, "{src}");
    }
    let values = [
        ("1 + 2 * 3", 8, 7),
        ("(1 + 2) * 3", 8, 9),
        ("8 - 2 - 1", 8, 5),
        ("64 / 4 / 2", 8, 8),
        ("1 | 2 ^ 3 & 4", 8, 3),
        ("1 < 2 == 1", 8, 1),
        ("255 + 1", 8, 0),
        ("0 - 1", 16, 0xffff),
        ("0x80 * 2", 8, 0),
        ("-1 >> 1", 8, 0x7f),
        ("-1 >> 1", 64, u64::MAX >> 1),
        ("0 - 1 > 1", 32, 1),
        ("~0", 8, 0xff),
        ("!5", 8, 0),
        ("!0", 8, 1),
        ("-2 * 3", 8, 0xfa),
        ("7 % 3", 8, 1),
        ("1 << 63", 64, 1 << 63),
        ("x & (x - 1)", 8, 0b0110_0000),
        ("x & -x", 8, 0b1000),
        ("x | (x - 1)", 8, 0b0110_1111),
        ("x ^ (x - 1)", 8, 0b1111),
        ("0b1010_1010 ^ 0xFF", 8, 0x55),
        ("18446744073709551615", 64, u64::MAX),
    ];
    for (src, width, want) in values {
        assert_eq!(eval(src, width), Ok(want), "{src} at {width}");
    }
}

#[test]
fn every_sub_expression_is_a_step_innermost_first() {
    let t = evaluate("~(x + 1) * y", 8, Vars { x: 4, y: 2, z: 0 }).unwrap();
    let exprs: Vec<_> = t.steps.iter().map(|s| s.expr.as_str()).collect();
    assert_eq!(exprs, ["x", "1", "x + 1", "~(x + 1)", "y", "~(x + 1) * y"]);
    let values: Vec<_> = t.steps.iter().map(|s| s.value.bits).collect();
    assert_eq!(values, [4, 1, 5, 0xfa, 2, 0xf4]);
    assert!(t.steps.iter().all(|s| s.value.width == 8));
    assert_eq!(t.steps[2].operands.len(), 2);
    assert!(t.to_json().contains("\"result\":\"0xf4\""));
}

/// Each source fails with exactly the wanted error, whose message starts
/// with its column.
fn assert_errors_name_their_column(cases: Vec<(&str, u32, ExprError)>) {
    for (src, width, want) in cases {
        let got = eval(src, width);
        assert_eq!(got, Err(want.clone()), "{src}");
        assert_eq!(want.column(), got.unwrap_err().column());
        assert!(
            want.to_string()
                .starts_with(&format!("column {}: ", want.column())),
            "{want}"
        );
    }
}

#[test]
/// A bad width, and sources past the length and depth limits.
fn limit_errors_name_their_column() {
    let long = "1+".repeat(MAX_LEN / 2) + "1";
    let deep = "(".repeat(MAX_DEPTH + 1) + "1" + &")".repeat(MAX_DEPTH + 1);
    let chain = "~".repeat(MAX_DEPTH + 5) + "1";
    let wide = "1".to_string() + &"+1".repeat(MAX_DEPTH + 1);
    assert_errors_name_their_column(vec![
        ("x", 12, ExprError::BadWidth { col: 1, width: 12 }),
        (&long, 64, ExprError::TooLong { col: MAX_LEN + 1 }),
        (&deep, 64, ExprError::TooDeep { col: MAX_DEPTH + 1 }),
        (&chain, 64, ExprError::TooDeep { col: MAX_DEPTH + 1 }),
        (&wide, 64, ExprError::TooDeep { col: 2 * MAX_DEPTH }),
    ]);
}

#[test]
/// Characters and names.
fn lexing_errors_name_their_column() {
    assert_errors_name_their_column(vec![
        ("x = 1", 8, ExprError::BadChar { col: 3, ch: '=' }),
        ("x + é", 8, ExprError::BadChar { col: 5, ch: 'é' }),
        (
            "x + w",
            8,
            ExprError::UnknownName {
                col: 5,
                name: "w".into(),
            },
        ),
        (
            "xy",
            8,
            ExprError::UnknownName {
                col: 1,
                name: "xy".into(),
            },
        ),
    ]);
}

#[test]
/// Literals: bad digits, no digits, too wide for the width.
fn literal_errors_name_their_column() {
    assert_errors_name_their_column(vec![
        (
            "0x1g",
            8,
            ExprError::BadDigit {
                col: 4,
                ch: 'g',
                base: "hex",
            },
        ),
        (
            "0b102",
            8,
            ExprError::BadDigit {
                col: 5,
                ch: '2',
                base: "binary",
            },
        ),
        (
            "12a",
            8,
            ExprError::BadDigit {
                col: 3,
                ch: 'a',
                base: "decimal",
            },
        ),
        (
            "1 + 0x",
            8,
            ExprError::NoDigits {
                col: 5,
                prefix: "0x",
            },
        ),
        (
            "256",
            8,
            ExprError::LiteralTooWide {
                col: 1,
                text: "256".into(),
                width: 8,
            },
        ),
        (
            "x | 0x10000",
            16,
            ExprError::LiteralTooWide {
                col: 5,
                text: "0x10000".into(),
                width: 16,
            },
        ),
        (
            "99999999999999999999999",
            64,
            ExprError::LiteralTooWide {
                col: 1,
                text: "99999999999999999999999".into(),
                width: 64,
            },
        ),
    ]);
}

#[test]
/// Missing operands, unclosed and trailing tokens.
fn parse_errors_name_their_column() {
    assert_errors_name_their_column(vec![
        (
            "",
            8,
            ExprError::ExpectedOperand {
                col: 1,
                found: "the end".into(),
            },
        ),
        (
            "x +",
            8,
            ExprError::ExpectedOperand {
                col: 4,
                found: "the end".into(),
            },
        ),
        (
            "x && y",
            8,
            ExprError::ExpectedOperand {
                col: 4,
                found: "'&'".into(),
            },
        ),
        (
            "* x",
            8,
            ExprError::ExpectedOperand {
                col: 1,
                found: "'*'".into(),
            },
        ),
        (
            "(x + 1",
            8,
            ExprError::Unclosed {
                col: 7,
                open: 1,
                found: "the end".into(),
            },
        ),
        (
            "((x) y)",
            8,
            ExprError::Unclosed {
                col: 6,
                open: 1,
                found: "'y'".into(),
            },
        ),
        (
            "x y",
            8,
            ExprError::Trailing {
                col: 3,
                found: "'y'".into(),
            },
        ),
        (
            "x + 1)",
            8,
            ExprError::Trailing {
                col: 6,
                found: "')'".into(),
            },
        ),
    ]);
}

#[test]
/// Division by zero and shifts past the width.
fn evaluation_errors_name_their_column() {
    assert_errors_name_their_column(vec![
        ("x / (y - 3)", 8, ExprError::DivisionByZero { col: 3 }),
        ("x % z", 8, ExprError::RemainderByZero { col: 3 }),
        (
            "1 << 8",
            8,
            ExprError::ShiftTooFar {
                col: 3,
                amount: 8,
                width: 8,
            },
        ),
        (
            "x >> 64",
            64,
            ExprError::ShiftTooFar {
                col: 3,
                amount: 64,
                width: 64,
            },
        ),
        ("(1 / 0) + (1 % 0)", 8, ExprError::DivisionByZero { col: 4 }),
    ]);
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(not(target_arch = "wasm32"))]
mod proptests {
    use super::super::reference;
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::select;

    fn mk(kind: ExprKind) -> Expr {
        Expr {
            kind,
            start: 0,
            end: 0,
            col: 0,
        }
    }

    fn tree(width: u32) -> impl Strategy<Value = Expr> {
        let m = crate::bits::word::mask(width);
        let lit = prop_oneof![0u64..=70, any::<u64>()].prop_map(move |v| mk(ExprKind::Lit(v & m)));
        let var = select(vec![Var::X, Var::Y, Var::Z]).prop_map(|v| mk(ExprKind::Var(v)));
        prop_oneof![lit, var].prop_recursive(6, 40, 2, |inner| {
            prop_oneof![
                1 => (select(UnOp::ALL.to_vec()), inner.clone())
                    .prop_map(|(op, a)| mk(ExprKind::Unary(op, Box::new(a)))),
                3 => (select(BinOp::ALL.to_vec()), inner.clone(), inner)
                    .prop_map(|(op, a, b)| mk(ExprKind::Binary(op, Box::new(a), Box::new(b)))),
            ]
        })
    }

    /// Prints `e` with only the parentheses C's precedence needs; literals
    /// in decimal, hex or binary.
    fn print(e: &Expr, out: &mut String) {
        let wrap = |e: &Expr, need: bool, out: &mut String| {
            if need {
                out.push('(');
                print(e, out);
                out.push(')');
            } else {
                print(e, out);
            }
        };
        let level = |e: &Expr| match &e.kind {
            ExprKind::Binary(op, ..) => Some(op.level()),
            _ => None,
        };
        match &e.kind {
            ExprKind::Lit(v) => out.push_str(&match v % 3 {
                0 => v.to_string(),
                1 => format!("0x{v:X}"),
                _ => format!("0b{v:b}"),
            }),
            ExprKind::Var(v) => out.push_str(v.name()),
            ExprKind::Unary(op, a) => {
                out.push_str(op.symbol());
                wrap(a, level(a).is_some(), out);
            }
            ExprKind::Binary(op, a, b) => {
                wrap(a, level(a).is_some_and(|l| l < op.level()), out);
                out.push_str(&format!(" {} ", op.symbol()));
                wrap(b, level(b).is_some_and(|l| l <= op.level()), out);
            }
        }
    }

    fn same_kind(a: &Result<u64, ExprError>, b: &Result<u64, ExprError>) -> bool {
        match (a, b) {
            (Ok(x), Ok(y)) => x == y,
            (Err(x), Err(y)) => std::mem::discriminant(x) == std::mem::discriminant(y),
            _ => false,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn printed_trees_read_back_and_agree_with_the_reference(
            (width, e) in select(WIDTHS.to_vec()).prop_flat_map(|w| (Just(w), tree(w))),
            x in any::<u64>(), y in 0u64..80, z in any::<u64>(),
        ) {
            let m = crate::bits::word::mask(width);
            let vars = Vars { x: x & m, y: y & m, z: z & m };
            let mut src = String::new();
            print(&e, &mut src);
            let back = parse(&src, width).map_err(|err| TestCaseError::fail(format!("{src}: {err}")))?;
            prop_assert_eq!(shape(&back), shape(&e), "{}", src);
            let want = reference::value(&e, width, vars);
            let got = evaluate_tree(&src, &back, width, vars).map(|t| t.steps.last().map_or(0, |s| s.value.bits));
            prop_assert!(same_kind(&got, &want), "{} at {}: {:?} vs reference {:?}", src, width, got, want);
            if let (Err(g), Err(w)) = (&got, &reference::value(&back, width, vars)) {
                prop_assert_eq!(g, w, "{}", src);
                let at = src.as_bytes()[g.column() - 1];
                prop_assert!(g_symbols(g).contains(&at), "{}: {} at {}", src, g, at as char);
            }
        }
    }

    /// The operator an evaluation error points at.
    fn g_symbols(e: &ExprError) -> &'static [u8] {
        match e {
            ExprError::DivisionByZero { .. } => b"/",
            ExprError::RemainderByZero { .. } => b"%",
            _ => b"<>",
        }
    }
}
