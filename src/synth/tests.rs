//! The search on specifications with a known shortest program.

use super::*;

fn synth(src: &str, ops: Option<&str>, max_ops: usize) -> SynthResult {
    let spec = SynthSpec::parse(src, None).unwrap();
    let mut opts = SynthOptions::read(ops, None, spec.ty).unwrap();
    opts.max_ops = max_ops;
    opts.threads = 1;
    synthesize(&spec, &opts, &mut |_: &SynthProgress| Flow::Continue).unwrap()
}

#[test]
fn turns_off_the_rightmost_one() {
    let r = synth(
        "unsigned f(unsigned x) { for (int i = 0; i < 32; i++) if (x >> i & 1) return x ^ (1u << i); return 0; }",
        None,
        3,
    );
    assert_eq!(r.status, Status::Found);
    eprintln!("{:?} {}", r.program.as_ref().map(|p| p.expr()), r.searched);
    assert_eq!(r.ops(), Some(2));
    assert!(r.minimal());
}
