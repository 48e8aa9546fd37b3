//! The uniforms the host fills and the kernels read, each written once: the
//! `uniform!` macro makes the Rust struct (`#[repr(C)]`, `Pod`) and its
//! WGSL declaration (`Name::WGSL`, which the host puts before the kernel
//! source) from one list of `u32` fields.
//!
//! ```text
//!  uniform! { struct P { count, base, pad0, pad1 } }
//!    Rust: struct P { count: u32, base: u32, pad0: u32, pad1: u32 }
//!    WGSL: struct P { count: u32, base: u32, pad0: u32, pad1: u32, }
//! ```
//!
//! A uniform's size must be a multiple of 16 bytes (WGSL's uniform layout):
//! the macro refuses to compile one that is not.

/// Declares a uniform: see the module's doc.
macro_rules! uniform {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident {
            $($(#[doc = $doc:literal])* $fvis:vis $field:ident,)*
        }
    ) => {
        $(#[$attr])*
        #[repr(C)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
        $vis struct $name {
            $($(#[doc = $doc])* $fvis $field: u32,)*
        }

        impl $name {
            /// The WGSL declaration of this struct, field for field.
            #[allow(dead_code)]
            pub const WGSL: &'static str = concat!(
                "struct ", stringify!($name), " {\n",
                $("    ", stringify!($field), ": u32,\n",)*
                "}\n"
            );
        }

        const _: () = assert!(
            std::mem::size_of::<$name>() % 16 == 0,
            "a uniform's size is a multiple of 16 bytes"
        );
    };
}

#[cfg(test)]
mod tests {
    uniform! {
        /// Two fields and their padding.
        struct Probe {
            /// The first.
            count,
            base,
            pad0,
            pad1,
        }
    }

    #[test]
    fn the_wgsl_declares_the_fields_in_order() {
        assert_eq!(
            Probe::WGSL,
            "struct Probe {\n    count: u32,\n    base: u32,\n    pad0: u32,\n    pad1: u32,\n}\n"
        );
        let p = Probe {
            count: 1,
            base: 2,
            ..Probe::default()
        };
        assert_eq!(bytemuck::cast::<Probe, [u32; 4]>(p), [1, 2, 0, 0]);
    }

    #[test]
    fn naga_reads_the_declaration_at_the_size_of_the_rust_struct() {
        use wgpu::naga;
        let src = format!(
            "{}@group(0) @binding(0) var<uniform> p: Probe;",
            Probe::WGSL
        );
        let module = naga::front::wgsl::parse_str(&src).unwrap();
        let mut layouter = naga::proc::Layouter::default();
        layouter.update(module.to_ctx()).unwrap();
        let (probe, _) = module
            .types
            .iter()
            .find(|(_, t)| t.name.as_deref() == Some("Probe"))
            .unwrap();
        assert_eq!(layouter[probe].size as usize, std::mem::size_of::<Probe>());
    }
}
