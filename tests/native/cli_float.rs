//! `bitscope float`: decoding, encoding, one operation, and bad input.

use crate::common::cli::{exits_2_with_a_message, run, succeeds_with_json};

#[test]
fn point_one_encoded_and_decoded() {
    let json = succeeds_with_json(&["float", "0.1", "--json"]);
    assert_eq!(json["bits"], "0x3dcccccd");
    assert_eq!(json["exact"], "0.100000001490116119384765625");
    assert_eq!(json["format"], "binary32");
    assert_eq!(json["exponent"], 123);
    assert_eq!(json["fraction"], "0x4ccccd");
    assert_eq!(json["class"], "normal");
    assert_eq!(json["next_up"], "0x3dccccce");
    assert_eq!(json["next_down"], "0x3dcccccc");
    assert_eq!(json["ulp"], "0.000000007450580596923828125");
    assert_eq!(json["inexact"], true);
    assert!(json["steps"].as_array().is_some_and(|s| s.len() >= 3));
    let out = run(&["float", "0x3dcccccd"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("0.100000001490116119384765625"), "{text}");
    assert!(text.contains("normal"), "{text}");
    assert!(text.contains("0x3dccccce"), "{text}");
}

#[test]
fn point_one_plus_point_two_in_binary64() {
    let json = succeeds_with_json(&["float", "0.1 + 0.2", "--format", "binary64", "--json"]);
    assert_eq!(json["result"]["bits"], "0x3fd3333333333334");
    assert_eq!(json["inexact"], true);
    assert_eq!(json["a"]["bits"], "0x3fb999999999999a");
    assert_eq!(
        json["b"]["exact"],
        "0.200000000000000011102230246251565404236316680908203125"
    );
    assert_eq!(
        json["result"]["exact"],
        "0.3000000000000000444089209850062616169452667236328125"
    );
}

#[test]
fn e4m3_saturates() {
    let exact = succeeds_with_json(&["float", "448", "--format", "e4m3", "--json"]);
    assert_eq!(
        (exact["bits"].as_str(), exact["inexact"].as_bool()),
        (Some("0x7e"), Some(false))
    );
    let clamped = succeeds_with_json(&["float", "500", "--format", "e4m3", "--json"]);
    assert_eq!(clamped["bits"], "0x7e");
    assert_eq!(clamped["exact"], "448");
    assert_eq!(clamped["inexact"], true);
    let text =
        String::from_utf8_lossy(&run(&["float", "500", "--format", "e4m3"]).stdout).into_owned();
    assert!(text.contains("saturat"), "{text}");
}

#[test]
fn inf_minus_inf_is_the_default_nan() {
    let json = succeeds_with_json(&["float", "inf - inf", "--json"]);
    assert_eq!(json["result"]["bits"], "0xffc00000");
    assert_eq!(json["result"]["class"], "quiet NaN");
    let json = succeeds_with_json(&["float", "to e4m3 1e9", "--json"]);
    assert_eq!(json["result"]["bits"], "0x7e");
    let json = succeeds_with_json(&["float", "-0x1.8p3", "--format", "half", "--json"]);
    assert_eq!(json["bits"], "0xca00");
}

#[test]
fn bad_input_exits_2() {
    exits_2_with_a_message(&[
        &["float", "zz"],
        &["float", ""],
        &["float", "1 ? 2"],
        &["float", "0x1ffff", "--format", "binary16"],
        &["float", "1", "--format", "binary128"],
        &["float", "1/0"],
    ]);
}
