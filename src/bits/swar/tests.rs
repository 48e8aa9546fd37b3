//! Unit and property tests of the SWAR operations (native only: proptest
//! is a native dev-dependency).

use super::*;
use crate::bits::trace::Outcome;
use proptest::prelude::*;

#[test]
fn masks_and_seed_example() {
    let lay = LaneLayout::new(32, 4).unwrap();
    assert_eq!(lay.high(), 0x8888_8888);
    assert_eq!(lay.low(), 0x1111_1111);
    let (x, y) = (0x7830_003F, 0x1850_0051);
    assert_eq!(add(lay, x, y), reference(SwarOp::Add, lay, x, y));
    assert_eq!(add(lay, 0x7838, 0x1858), 0x8080);
    assert_eq!(sub(lay, 0x0000_0001, 0x0000_0002), 0x0000_000F);
    assert_eq!(average(lay, 0x0000_00F1, 0x0000_0013), 0x0000_0082);
}

#[test]
fn errors_are_typed() {
    assert_eq!(LaneLayout::new(16, 4), Err(SwarError::BadWidth(16)));
    assert_eq!(LaneLayout::new(32, 3), Err(SwarError::BadLaneBits(3)));
    assert!(matches!(
        trace(SwarOp::Add, 32, 4, 1 << 32, 0),
        Err(SwarError::TooWide { name: "x", .. })
    ));
    assert!(trace(SwarOp::Sub, 64, 16, 0, u64::MAX).is_ok());
    assert!(lanes_signed(Word::new(5, 8), 0).is_empty());
}

#[test]
fn trace_shows_the_leak() {
    let t = trace(SwarOp::Add, 32, 4, 0x0000_0008, 0x0000_0008).unwrap();
    let last = t.steps.last().unwrap();
    assert_eq!(last.value, Word::new(0x10, 32));
    // 8 + 8 = 16: lane 0 wraps to 0 both ways, the carry lands in lane 1
    assert_eq!(last.highlight, 0xF0);
    assert!(last.note.contains("lane(s) 1 "), "{}", last.note);
    assert_eq!(t.result, Outcome::Word(Word::new(0, 32)));
    let fin = &t.steps[t.steps.len() - 2];
    assert_eq!(fin.cells, vec![0i64; 8]);
    assert!(fin.note.contains("all 8 lanes match"), "{}", fin.note);
    let t = trace(SwarOp::Average, 32, 8, 0x0000_0100, 0).unwrap();
    assert!(t.steps.last().unwrap().note.contains("lane(s) 0"));
    let t = trace(SwarOp::Sub, 64, 16, 0, 1).unwrap();
    assert_eq!(t.result, Outcome::Word(Word::new(0xFFFF, 64)));
    assert!(t.steps.last().unwrap().note.contains("borrow"));
}

#[test]
fn lane_checks_agree_with_the_trace() {
    let lanes = lane_checks(SwarOp::Add, 32, 4, 0x7830_003F, 0x1850_0051).unwrap();
    assert_eq!(lanes.len(), 8);
    assert!(lanes.iter().all(|l| l.ok));
    let leaked: Vec<u32> = lanes.iter().filter(|l| l.leaked).map(|l| l.lane).collect();
    assert_eq!(leaked, [1, 7]);
    assert_eq!(lanes[7].swar, 8);
    assert_eq!(lanes[7].signed, Some(-8));
    for op in SwarOp::ALL {
        for (x, y) in [(0x0000_0008, 0x0000_0008), (0x0000_0100, 0), (0, 1)] {
            let lay = LaneLayout::new(32, 8).unwrap();
            let t = trace(op, 32, 8, x, y).unwrap();
            let hl = t.steps.last().unwrap().highlight;
            let lanes = lane_checks(op, 32, 8, x, y).unwrap();
            for l in &lanes {
                assert_eq!(l.leaked, lay.lane(hl, l.lane) != 0, "{op} {x:#x} {y:#x}");
            }
        }
    }
    assert!(lane_checks(SwarOp::Add, 16, 4, 0, 0).is_err());
}

#[test]
fn signed_average_of_minus_one_and_one_is_zero() {
    let lay = LaneLayout::new(32, 4).unwrap();
    assert_eq!(average(lay, 0xF, 0x1), 0x8);
    assert_eq!(signed_average(lay, 0xF, 0x1), 0);
    assert_eq!(signed_average(lay, 0x8, 0x8), 0x8); // -8 and -8
    assert_eq!(signed_average(lay, 0x8, 0x7), 0xF); // floor(-1/2) = -1
    let lanes = lane_checks(SwarOp::Average, 32, 4, 0xF, 0x1).unwrap();
    assert_eq!((lanes[0].swar, lanes[0].signed), (8, None));
    assert_eq!(lanes[1].signed, Some(0));
    let lanes = lane_checks(SwarOp::SignedAverage, 32, 4, 0xF, 0x1).unwrap();
    assert!(lanes.iter().all(|l| l.ok));
    assert_eq!(
        (lanes[0].sx, lanes[0].sy, lanes[0].signed),
        (-1, 1, Some(0))
    );
    assert!(lanes[0].leaked, "the unsigned average differs there");
    let t = trace(SwarOp::SignedAverage, 32, 4, 0xF, 0x1).unwrap();
    let fin = &t.steps[t.steps.len() - 2];
    assert_eq!(fin.cells[0], 0);
    assert!(fin.note.contains("-1 avg 1 = 0"), "{}", fin.note);
}

#[test]
fn signed_lanes() {
    assert_eq!(lanes_signed(Word::new(0x7F80, 16), 8), vec![-128, 127]);
    assert_eq!(lanes_signed(Word::new(0b1110, 4), 2), vec![-2, -1]);
}

fn layouts() -> impl Strategy<Value = LaneLayout> {
    (0usize..2, 0usize..4).prop_map(|(w, l)| LaneLayout::new(WIDTHS[w], LANE_BITS[l]).unwrap())
}

proptest! {
    /// The last step is the plain whole-word operation (for the signed
    /// average, the unsigned one), worked out here with plain integers.
    #[test]
    fn the_last_step_is_the_plain_operation(lay in layouts(), x in any::<u64>(), y in any::<u64>()) {
        let (x, y) = (x & lay.mask(), y & lay.mask());
        let wide = (u128::from(x) + u128::from(y)) as u64;
        let half_sum = ((u128::from(x) + u128::from(y)) >> 1) as u64;
        for (op, expr, plain) in [
            (SwarOp::Add, "x + y", wide & lay.mask()),
            (SwarOp::Sub, "x - y", x.wrapping_sub(y) & lay.mask()),
            (SwarOp::Average, "(x + y) >> 1", half_sum & lay.mask()),
            (SwarOp::SignedAverage, "avg", reference(SwarOp::Average, lay, x, y)),
        ] {
            let t = trace(op, lay.width, lay.lane_bits, x, y).unwrap();
            let last = t.steps.last().unwrap();
            prop_assert_eq!(&last.expr, expr);
            prop_assert_eq!(last.value, Word::new(plain, lay.width));
        }
    }

    #[test]
    fn every_lane_matches_the_reference(lay in layouts(), x in any::<u64>(), y in any::<u64>()) {
        let (x, y) = (x & lay.mask(), y & lay.mask());
        for op in SwarOp::ALL {
            let z = apply(op, lay, x, y);
            for i in 0..lay.lanes() {
                prop_assert_eq!(
                    lay.lane(z, i),
                    lane_reference(op, lay.lane_bits(), lay.lane(x, i), lay.lane(y, i))
                );
            }
            prop_assert_eq!(z, reference(op, lay, x, y));
            prop_assert_eq!(z & !lay.mask(), 0);
        }
    }

    #[test]
    fn signed_average_matches_plain_signed_arithmetic(lay in layouts(), x in any::<u64>(), y in any::<u64>()) {
        let (x, y) = (x & lay.mask(), y & lay.mask());
        let k = lay.lane_bits();
        let z = signed_average(lay, x, y);
        for i in 0..lay.lanes() {
            let (a, b) = (sign_extend(lay.lane(x, i), k), sign_extend(lay.lane(y, i), k));
            prop_assert_eq!(sign_extend(lay.lane(z, i), k), (a + b).div_euclid(2));
            // the unsigned average is right for signed lanes exactly where the signs agree
            let u = sign_extend(lay.lane(average(lay, x, y), i), k);
            prop_assert_eq!(u == (a + b).div_euclid(2), (a < 0) == (b < 0));
        }
    }

    #[test]
    fn traces_end_in_the_swar_value(lay in layouts(), x in any::<u64>(), y in any::<u64>()) {
        let (x, y) = (x & lay.mask(), y & lay.mask());
        for op in SwarOp::ALL {
            let t = trace(op, lay.width(), lay.lane_bits(), x, y).unwrap();
            prop_assert_eq!(&t.result, &Outcome::Word(Word::new(reference(op, lay, x, y), lay.width())));
            let fin = &t.steps[t.steps.len() - 2];
            prop_assert!(fin.note.starts_with("all "));
            prop_assert_eq!(fin.cells.len() as u32, lay.lanes());
        }
    }
}
