import SwiftData
import SwiftUI

@main
struct MemosApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Memos")
        }
        .modelContainer(for: [Memo.self, Folder.self])
    }
}
