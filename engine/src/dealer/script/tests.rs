use super::*;
use crate::bridge::{Hand, Seat};

fn hands(pbn: [&str; 4]) -> [u64; 4] {
    pbn.map(|h| Hand::parse_pbn(h).unwrap().bits())
}

const DEAL: [&str; 4] = [
    "AKQ2.K32.J98.T98",
    "JT9.AQJ.AKQ.7654",
    "876.T98.T7654.AK",
    "543.7654.32.QJ32",
];

/// Values checked against Debian's `dealer` on this deal.
#[test]
fn known_answers_from_dealer() {
    let h = hands(DEAL);
    for (text, want) in [
        ("hcp(north)", 13),
        ("loser(north)", 8),
        ("control(east)", 5),
        ("top3(north, spades)", 3),
        ("top3(north)", 4),
        ("quality(north, spades)", 360),
        ("cccc(north)", 1275),
        ("cccc(south)", 695),
        ("cccc(west)", 220),
        ("c13(north)", 17),
        ("hascard(north, AS)", 1),
        ("shape(north, any 4333)", 1),
        ("-7/2", -3),
        ("-7 % 3", -1),
        ("1 ? 0 : 1 ? 5 : 6", 0),
        ("!0 + 1", 2),
        ("1 || 0 ? 5 : 6", 5),
        ("shape(north, 4333 + any 4432 - 4xxx)", 0),
        ("hcp(north, spades)", 9),
        ("spade(north) + hearts(south)", 7),
    ] {
        let e = parse_expression(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(e.eval(&h), want, "{text}");
    }
}

#[test]
fn a_script_reads_every_statement() {
    let s = Script::parse(
        "generate 1000\nproduce 5\nvulnerable EW\ndealer west\n\
         predeal south SAQ542, HKJ87, D32, CAK\n\
         west1c = hcp(west) > 11 && clubs(west) >= 3 # comment\n\
         condition west1c && not shape(north, any 4333)\naction printoneline\n",
    )
    .unwrap();
    assert_eq!(s.generate, Some(1000));
    assert_eq!(s.produce, Some(5));
    assert_eq!(s.dealer, Some(Seat::West));
    assert_eq!(s.predeal[Seat::South.index()].len(), 13);
    assert_eq!(s.action, Action::PrintOneLine);
    assert_eq!(s.condition.unwrap().seats(), 0b1001);
}

#[test]
fn errors_name_the_place() {
    let e = parse_expression("hcp(north) > 10 && tricks(south, spades) > 9").unwrap_err();
    assert_eq!((e.pos.line, e.pos.column), (1, 20));
    assert!(e.message.contains("tricks"), "{e}");
    let e = parse_expression("(hcp(north) > 10").unwrap_err();
    assert_eq!(e.pos.column, 1);
    let e = parse_expression("hcp(nord)").unwrap_err();
    assert!(e.message.contains("not a seat"), "{e}");
    let e = parse_expression("hpc(north)").unwrap_err();
    assert!(e.message.contains("unknown function"), "{e}");
}

#[test]
fn a_lone_condition_may_name_its_parts() {
    let h = hands(DEAL);
    let e = parse_expression(
        "strong = hcp(north) >= 13\nlong_d = diamonds(south) >= 5\nstrong && long_d",
    )
    .unwrap();
    assert_eq!(e.eval(&h), 1);
    assert_eq!(e.seats(), 0b0101);
    let e = parse_expression("weak = hcp(west) < 5 weak ? 7 : 8").unwrap();
    assert_eq!(e.eval(&h), 7);
    // A definition needs an expression after it.
    assert!(parse_expression("strong = hcp(north) >= 13").is_err());
    let e = parse_expression("hcp = 3\nhcp").unwrap_err();
    assert!(e.message.contains("cannot be a name"), "{e}");
}

/// Issue 32 part 1: input nested or chained past [`parse::MAX_DEPTH`] is an
/// error at its place, not a stack overflow; names that each double the
/// last are refused before they are copied out of memory's reach; what a
/// person writes still reads.
#[test]
fn deep_or_exploding_input_is_an_error_at_its_place() {
    use super::parse::{MAX_DEPTH, MAX_TERMS};
    let deep = [
        format!("{}hcp(north) > 10{}", "(".repeat(5000), ")".repeat(5000)),
        format!("{}1", "!".repeat(200_000)),
        format!("{}1 > 0", "-".repeat(200_000)),
        format!("{}1{}", "1 ? ".repeat(50_000), " : 0".repeat(50_000)),
        format!("{} > 0", vec!["hcp(north)"; 20_000].join(" + ")),
    ];
    for source in &deep {
        let e = parse_expression(source).unwrap_err();
        assert!(
            e.message.contains(&format!("deeper than {MAX_DEPTH}")),
            "{e}"
        );
        assert_eq!(e.pos.line, 1);
        assert!(e.pos.column <= 14 * MAX_DEPTH, "{}", e.pos.column);
    }
    let mut names = vec!["a0 = hcp(north)".to_string()];
    names.extend((1..25).map(|i| format!("a{i} = a{} + a{}", i - 1, i - 1)));
    names.push("a24 > 0".to_string());
    let e = parse_expression(&names.join("\n")).unwrap_err();
    assert!(
        e.message.contains(&format!("more than {MAX_TERMS} terms")),
        "{e}"
    );
    assert!(e.pos.line < 25, "refused at the first name past the limit");
    // Within the limits: a long sum, and nesting a person writes.
    let h = hands(DEAL);
    let sum = format!("{} >= 0", vec!["hcp(north)"; 400].join(" + "));
    assert_eq!(parse_expression(&sum).unwrap().eval(&h), 1);
    let nested = format!("{}hcp(north) >= 0{}", "(".repeat(100), ")".repeat(100));
    assert_eq!(parse_expression(&nested).unwrap().eval(&h), 1);
}

/// Issue 32 part 9: a number past the 32-bit range is named as such, not
/// as an unknown name.
#[test]
fn a_number_too_large_says_so() {
    let e = parse_expression("hcp(north) > 2147483648").unwrap_err();
    assert!(e.message.contains("too large"), "{e}");
    assert_eq!(e.pos.column, 14);
    assert!(parse_expression("hcp(north) < 2147483647").is_ok());
}
