import SwiftSyntax

/// The body and name of a class, struct, enum or actor declaration: where a call of a member written bare (or through
/// `self.`, `Self.` or the type's name) finds the function it calls.
enum TypeBody {
    static func membersAndName(_ syntax: Syntax) -> (members: MemberBlockSyntax, name: String)? {
        if let type = syntax.as(ClassDeclSyntax.self) { return (type.memberBlock, type.name.text) }
        if let type = syntax.as(StructDeclSyntax.self) { return (type.memberBlock, type.name.text) }
        if let type = syntax.as(EnumDeclSyntax.self) { return (type.memberBlock, type.name.text) }
        if let type = syntax.as(ActorDeclSyntax.self) { return (type.memberBlock, type.name.text) }
        return nil
    }
}
